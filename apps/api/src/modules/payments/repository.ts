import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import type {
  Database,
  MpesaCallbacksTable,
  OrdersTable,
  PaymentsTable,
  RefundsTable,
  StkRequestsTable,
} from '../../db/schema';
import type { PaymentFilter } from '@urembo/contract/payments';
import { toCount } from '../../db/sql-values';

export type Db = Kysely<Database> | Transaction<Database>;
export type PaymentRow = Selectable<PaymentsTable>;
export type StkRequestRow = Selectable<StkRequestsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type PaymentOrderRow = Pick<
  Selectable<OrdersTable>,
  'id' | 'reference' | 'user_id' | 'total_amount' | 'payment_status' | 'delivery_status' | 'phone'
>;

/* ---- orders (read; settlement and its row lock live in orders/settlement.ts) ---- */

export function findOrderForPayment(db: Db, orderId: string): Promise<PaymentOrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'reference', 'user_id', 'total_amount', 'payment_status', 'delivery_status', 'phone'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export async function fullNameOfUser(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst();
  return row?.full_name ?? null;
}

/* ---- payments ---- */

export async function insertPayment(db: Db, row: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaymentByReceipt(db: Db, receipt: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('receipt', '=', receipt).executeTakeFirst();
}

export function findPaymentOfStkRequest(db: Db, stkRequestId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('stk_request_id', '=', stkRequestId).executeTakeFirst();
}

type LedgerChange = Partial<
  Pick<
    PaymentRow,
    | 'amount'
    | 'order_id'
    | 'user_id'
    | 'state'
    | 'hold_reason'
    | 'status'
    | 'flag'
    | 'verification'
    | 'account'
    | 'receipt'
    | 'note'
  >
> & { updated_at: string };

/** The ledger completes (or holds) a pending payment; answers whether this call did it (a concurrent one loses). */
export async function completePendingPayment(
  db: Db,
  id: string,
  change: LedgerChange & Pick<PaymentRow, 'state'>,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ ...change, status: change.state === 'completed' ? 1 : 0 })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
}

/** The ledger gives unmatched money its order; answers whether this call did it (a concurrent assignment loses). */
export async function creditUnmatchedPayment(
  db: Db,
  id: string,
  change: LedgerChange & Pick<PaymentRow, 'state'>,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ ...change, status: change.state === 'completed' ? 1 : 0 })
    .where('id', '=', id)
    .where(isUnmatched)
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
}

/** Sets a payment's ledger fields (only from `from` when given); answers whether it changed. */
export async function setPaymentState(
  db: Db,
  id: string,
  change: LedgerChange,
  from?: PaymentRow['state'],
): Promise<boolean> {
  let query = db.updateTable('payments').set(change).where('id', '=', id);
  if (from) query = query.where('state', '=', from);
  const result = await query.executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
}

/** THE definition of unmatched money: completed, waiting for an order. */
export function isUnmatched(eb: ExpressionBuilder<Database, 'payments'>) {
  return eb.and([eb('payments.order_id', 'is', null), eb('payments.state', '=', 'completed')]);
}

/** A typed receipt the shop is checking with Safaricom, or found unknown (it stays pending). */
export async function setVerification(
  db: Db,
  id: string,
  verification: 'checking' | 'unknown',
  statusQueryId: string | undefined,
  now: string,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      verification,
      ...(statusQueryId !== undefined ? { status_query_id: statusQueryId } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

/** Fills in the receipt of a query-confirmed STK payment when its late callback finally brings one. */
export async function addReceiptToStkPayment(
  db: Db,
  stkRequestId: string,
  receipt: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ receipt, updated_at: now })
    .where('stk_request_id', '=', stkRequestId)
    .where('receipt', 'is', null)
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
}

export type PaymentListRow = PaymentRow & { order_reference: string | null };

function filtered(db: Db, filter: PaymentFilter) {
  let query = db.selectFrom('payments').leftJoin('orders', 'orders.id', 'payments.order_id');
  if (filter === 'unmatched') {
    query = query.where(isUnmatched);
  } else if (filter === 'pending') {
    query = query.where('payments.state', '=', 'pending');
  } else if (filter === 'conflicts') {
    query = query.where('payments.state', 'in', ['held', 'failed']);
  }
  return query;
}

export async function listPayments(
  db: Db,
  page: number,
  limit: number,
  filter: PaymentFilter = 'all',
): Promise<{ rows: PaymentListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll('payments')
      .select('orders.reference as order_reference')
      .orderBy('payments.created_at', 'desc')
      .orderBy('payments.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: toCount(count?.n) };
}

/** Some payments with their orders' references, newest first. */
export async function findPaymentsWithReference(db: Db, ids: string[]): Promise<PaymentListRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payments')
    .leftJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .select('orders.reference as order_reference')
    .where('payments.id', 'in', ids)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .execute();
}

export async function findPaymentWithReference(db: Db, id: string): Promise<PaymentListRow | undefined> {
  return db
    .selectFrom('payments')
    .leftJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .select('orders.reference as order_reference')
    .where('payments.id', '=', id)
    .executeTakeFirst();
}

export function findPaymentByStatusQuery(
  db: Db,
  originatorConversationId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status_query_id', '=', originatorConversationId)
    .executeTakeFirst();
}

/** An order by its reference as a customer typed it (already normalised), or by its id. */
export function findOrderIdByReference(db: Db, reference: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('orders').select('id').where('reference', '=', reference).executeTakeFirst();
}

/** Orders an admin may assign a payment to: reference, phone or name containing the search. */
export function searchOrders(db: Db, q: string, limit = 10) {
  const like = `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`;
  return db
    .selectFrom('orders')
    .select([
      'id',
      'reference',
      'name',
      'phone',
      'total_amount',
      'payment_status',
      'delivery_status',
      'created_at',
    ])
    .where((eb) =>
      eb.or([
        eb(sql`lower(reference)`, 'like', like),
        eb(sql`lower(name)`, 'like', like),
        eb('phone', 'like', like.replace(/^%0/, '%')),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Completed money of a period by source, and what is still waiting (reconciliation). */
export async function moneyBetween(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom('payments')
    .select((eb) => [
      'source',
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number | string | null>('amount').as('amount'),
      eb.case().when('order_id', 'is', null).then(1).else(0).end().as('unmatched'),
      eb.case().when('state', 'in', ['held', 'failed']).then(1).else(0).end().as('flagged'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .groupBy(['source', 'status', 'unmatched', 'flagged'])
    .execute();
}

/* ---- refunds ---- */

/** The refunds of some payments, oldest first. */
export async function refundsOfPayments(db: Db, paymentIds: string[]): Promise<RefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/* ---- STK requests ---- */

export async function insertStkRequest(db: Db, row: StkRequestRow): Promise<StkRequestRow> {
  await db.insertInto('stk_requests').values(row).execute();
  return row;
}

export function findStkRequest(db: Db, id: string): Promise<StkRequestRow | undefined> {
  return db.selectFrom('stk_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findStkRequestByCheckoutId(
  db: Db,
  checkoutRequestId: string,
): Promise<StkRequestRow | undefined> {
  return db
    .selectFrom('stk_requests')
    .selectAll()
    .where('checkout_request_id', '=', checkoutRequestId)
    .executeTakeFirst();
}

/**
 * Moves a pending request to its final status; answers whether this call made the change (a concurrent duplicate
 * finds the row already changed and updates nothing). A final status never changes again.
 */
export async function finishStkRequest(
  db: Db,
  id: string,
  change: { status: StkRequestRow['status']; resultCode: string; resultDesc: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('stk_requests')
    .set({
      status: change.status,
      result_code: change.resultCode,
      result_desc: change.resultDesc,
      updated_at: change.now,
      completed_at: change.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
}

/** The newest STK request of an order that is still waiting for the customer, if any. */
export function latestPendingStkRequest(db: Db, orderId: string): Promise<StkRequestRow | undefined> {
  return db
    .selectFrom('stk_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many STK pushes a customer sent since a moment, and when the oldest of them was sent. */
export async function recentStkRequests(
  db: Db,
  userId: string,
  sinceIso: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('stk_requests')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string | null>('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirst();
  return { count: toCount(row?.n), oldest: row?.oldest ?? null };
}

/** Claims the right to send an STK query for a pending request, at most once per `everyMs` across processes. */
export async function claimStkQuery(db: Db, id: string, now: Date, everyMs: number): Promise<boolean> {
  const before = new Date(now.getTime() - everyMs).toISOString();
  const result = await db
    .updateTable('stk_requests')
    .set({ last_query_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<', before)]))
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
}

/* ---- audit trail ---- */

export async function insertCallbackAudit(db: Db, row: Selectable<MpesaCallbacksTable>): Promise<void> {
  await db.insertInto('mpesa_callbacks').values(row).execute();
}

export async function setCallbackOutcome(db: Db, id: string, outcome: string): Promise<void> {
  await db.updateTable('mpesa_callbacks').set({ outcome }).where('id', '=', id).execute();
}
