import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  MpesaCallbacksTable,
  OrdersTable,
  PaymentsTable,
  StkRequestsTable,
} from '../../db/schema';
import { toCount } from '../../db/sql-values';

export type Db = Kysely<Database> | Transaction<Database>;
export type PaymentRow = Selectable<PaymentsTable>;
export type StkRequestRow = Selectable<StkRequestsTable>;
export type PaymentOrderRow = Pick<
  Selectable<OrdersTable>,
  'id' | 'user_id' | 'total_amount' | 'payment_status' | 'delivery_status' | 'phone'
>;

/* ---- orders (read, and the row lock that serialises settlements of one order) ---- */

export function findOrderForPayment(db: Db, orderId: string): Promise<PaymentOrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'total_amount', 'payment_status', 'delivery_status', 'phone'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/**
 * Locks the order row until the transaction ends (PostgreSQL: a no-op UPDATE takes the row lock; SQLite: the
 * write transaction is already exclusive), so two settlements of one order never both miss each other's payment.
 */
export async function lockOrder(
  trx: Transaction<Database>,
  orderId: string,
): Promise<PaymentOrderRow | undefined> {
  await trx
    .updateTable('orders')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', orderId)
    .execute();
  return findOrderForPayment(trx, orderId);
}

export async function completedTotal(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('order_id', '=', orderId)
    .where('status', '=', 1)
    .executeTakeFirst();
  return toCount(row?.total ?? 0);
}

export async function markOrderPaid(trx: Db, orderId: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ payment_status: 'paid', updated_at: now })
    .where('id', '=', orderId)
    .where('payment_status', 'in', ['pending', 'payment-unsuccessful'])
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
}

export async function fullNameOfUser(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst();
  return row?.full_name ?? null;
}

/* ---- payments ---- */

export async function insertPayment(db: Db, row: PaymentRow): Promise<PaymentRow> {
  await db.insertInto('payments').values(row).execute();
  return row;
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

/** Sets the status only when it is not already that value; answers whether it changed. */
export async function setPaymentStatus(db: Db, id: string, status: boolean, now: string): Promise<boolean> {
  const flag = status ? 1 : 0;
  const result = await db
    .updateTable('payments')
    .set({ status: flag, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', flag)
    .executeTakeFirst();
  return toCount(result.numUpdatedRows) === 1;
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

export async function listPayments(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: PaymentRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('payments')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: toCount(count?.n) };
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

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object' || !('code' in err)) return false;
  const code = (err as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
