import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ReturnItemsTable, ReturnState, ReturnsTable } from '../../db/schema';
import { toCount } from '../../db/sql-values';

export type Db = Kysely<Database> | Transaction<Database>;
export type ReturnRow = Selectable<ReturnsTable> & {
  order_reference: string;
  order_name: string;
  order_phone: string;
};
export type ReturnItemRow = Selectable<ReturnItemsTable>;

function returnsWithOrder(db: Db) {
  return db
    .selectFrom('returns')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .selectAll('returns')
    .select([
      'orders.reference as order_reference',
      'orders.name as order_name',
      'orders.phone as order_phone',
    ]);
}

export function findReturn(db: Db, id: string): Promise<ReturnRow | undefined> {
  return returnsWithOrder(db).where('returns.id', '=', id).executeTakeFirst();
}

export function listReturnsOfOrder(db: Db, orderId: string): Promise<ReturnRow[]> {
  return returnsWithOrder(db)
    .where('returns.order_id', '=', orderId)
    .orderBy('returns.created_at')
    .orderBy('returns.id')
    .execute();
}

export function listReturnsPage(
  db: Db,
  state: ReturnState | undefined,
  offset: number,
  limit: number,
): Promise<ReturnRow[]> {
  return returnsWithOrder(db)
    .$if(state !== undefined, (q) => q.where('returns.state', '=', state!))
    .orderBy('returns.created_at', 'desc')
    .orderBy('returns.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countReturns(db: Db, state: ReturnState | undefined): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .$if(state !== undefined, (q) => q.where('state', '=', state!))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

/** A return's line with the variant of the order line it takes back (null for a product without variants). */
export type ReturnItemWithVariant = ReturnItemRow & { variant_id: string | null; variant_sku: string | null };

export function listReturnItems(db: Db, returnIds: string[]): Promise<ReturnItemWithVariant[]> {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_items')
    .leftJoin('order_items', 'order_items.id', 'return_items.order_item_id')
    .selectAll('return_items')
    .select(['order_items.variant_id as variant_id', 'order_items.variant_sku as variant_sku'])
    .where('return_items.return_id', 'in', returnIds)
    .orderBy('return_items.return_id')
    .orderBy('return_items.position')
    .execute();
}

/** Units of each order line that returns not rejected already take back. */
export async function unitsAlreadyReturning(db: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('return_items')
    .innerJoin('returns', 'returns.id', 'return_items.return_id')
    .select([
      'return_items.order_item_id as line',
      (eb) => eb.fn.sum<number | string>('return_items.count').as('n'),
    ])
    .where('returns.order_id', '=', orderId)
    .where('returns.state', '<>', 'rejected')
    .groupBy('return_items.order_item_id')
    .execute();
  return new Map(rows.map((r) => [r.line, toCount(r.n)]));
}

/**
 * Moves a return from `from` to `to` only if it is still in `from` (two admins at once: one wins). Answers whether
 * this call moved it.
 */
export async function moveReturn(
  db: Db,
  id: string,
  from: ReturnState,
  to: ReturnState,
  note: string | undefined,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set({
      state: to,
      updated_at: now,
      ...(note !== undefined ? { note } : {}),
      ...(to === 'received' ? { received_at: now } : {}),
    })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Queues the customer's SMS about a step, in the transaction that took it (once per return and step). */
export async function queueReturnMessage(
  db: Db,
  returnId: string,
  event: ReturnState,
  now: string,
  id: string,
) {
  await db
    .insertInto('return_messages')
    .values({
      id,
      return_id: returnId,
      event,
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      message: null,
      created_at: now,
      sent_at: null,
    })
    .onConflict((oc) => oc.columns(['return_id', 'event']).doNothing())
    .execute();
}

/** What the received returns of an order owe its customer (the items' prices), for the payments ledger. */
export async function receivedRefundDue(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.sum<number | string>('refund_amount').as('n'))
    .where('order_id', '=', orderId)
    .where('state', '=', 'received')
    .executeTakeFirst();
  return toCount(row?.n ?? 0);
}

/** The orders with a received return (what they owe is `receivedRefundDue`), for the payments ledger. */
export async function ordersWithReceivedReturns(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('returns')
    .select('order_id')
    .distinct()
    .where('state', '=', 'received')
    .where('refund_amount', '>', 0)
    .execute();
  return rows.map((r) => r.order_id);
}
