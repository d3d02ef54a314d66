import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, PaymentStatus } from '../../db/schema';
import { formatKsh } from '@urembo/contract/money';
import { nowIso, toCount } from '../../db/sql-values';
import { conflict } from '../../lib/http-error';
import { recordOrderEvent } from './events';
import { countsTowardOrder } from './repository';

export interface Settlement {
  /** Completed, unflagged payments cover the order total. */
  covered: boolean;
  /** This call moved the order to paid. */
  paidNow: boolean;
  completed: number;
  total: number;
}

type Trx = Transaction<Database>;

export interface LockedOrder {
  id: string;
  user_id: string;
  reference: string;
  total_amount: number;
  payment_status: PaymentStatus;
  delivery_status: 'pending' | 'in-transit' | 'delivered' | 'cancelled';
  phone: string;
  name: string;
}

/**
 * Locks the order row until the transaction ends (PostgreSQL: a no-op UPDATE takes the row lock; SQLite: the
 * write transaction is already exclusive), so two settlements of one order never both miss each other's payment.
 */
export async function lockOrder(trx: Trx, orderId: string): Promise<LockedOrder | undefined> {
  await trx
    .updateTable('orders')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', orderId)
    .execute();
  return trx
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'reference',
      'total_amount',
      'payment_status',
      'delivery_status',
      'phone',
      'name',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** What the order's payments that count towards it (`countsTowardOrder`) add up to. */
export async function completedTotal(trx: Trx | Kysely<Database>, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('order_id', '=', orderId)
    .where(countsTowardOrder)
    .executeTakeFirst();
  return toCount(row?.total ?? 0);
}

/**
 * THE settlement rule: an order is paid when its completed payments cover its total. Every path that
 * completes or assigns a payment (STK callback and query, paybill confirmation, typed receipt, Transaction Status
 * result, admin) calls this in the transaction that wrote the payment. It locks the order, sums, and moves
 * payment_status to 'paid' (queuing the "paid" SMS) only from pending or payment-unsuccessful and never for a
 * cancelled order.
 */
export async function settleOrder(trx: Trx, orderId: string): Promise<Settlement> {
  const order = await lockOrder(trx, orderId);
  if (!order) return { covered: false, paidNow: false, completed: 0, total: 0 };
  const completed = await completedTotal(trx, orderId);
  const covered = completed >= order.total_amount;
  let paidNow = false;
  if (covered && order.payment_status !== 'paid' && order.delivery_status !== 'cancelled') {
    const now = nowIso();
    const result = await trx
      .updateTable('orders')
      .set({ payment_status: 'paid', updated_at: now })
      .where('id', '=', orderId)
      .where('payment_status', 'in', ['pending', 'payment-unsuccessful'])
      .executeTakeFirst();
    paidNow = toCount(result.numUpdatedRows) === 1;
    if (paidNow) await recordOrderEvent(trx, orderId, 'paid', now);
  }
  return { covered, paidNow, completed, total: order.total_amount };
}

/**
 * Before money is credited to an order: whether it must be held for a refund instead (the order is cancelled, or
 * already covered). Locks the order; answers undefined when there is no such order.
 */
export async function creditCheck(
  trx: Trx,
  orderId: string,
): Promise<{ order: LockedOrder; refund: boolean } | undefined> {
  const order = await lockOrder(trx, orderId);
  if (!order) return undefined;
  if (order.delivery_status === 'cancelled') return { order, refund: true };
  const completed = await completedTotal(trx, orderId);
  return { order, refund: order.payment_status === 'paid' && completed >= order.total_amount };
}

/**
 * Before a completed payment is set back to pending: refuses (409) when the order is already paid and the other
 * completed payments would no longer cover it. An order's "paid" follows its money, never a payment toggle.
 */
export async function assertStillCoveredWithout(trx: Trx, orderId: string, amount: number): Promise<void> {
  const order = await lockOrder(trx, orderId);
  if (!order || order.payment_status !== 'paid') return;
  const remaining = (await completedTotal(trx, orderId)) - amount;
  if (remaining < order.total_amount) {
    throw conflict(
      'This payment is part of what covers this paid order. Refund it, or move the money to another order, instead of setting it back to pending.',
    );
  }
}

/** Before an admin sets a paid order back to pending: refused (409) while its completed payments cover it. */
export async function assertNotCovered(trx: Trx, orderId: string): Promise<void> {
  const order = await lockOrder(trx, orderId);
  if (!order) return;
  if ((await completedTotal(trx, orderId)) >= order.total_amount) {
    throw conflict(
      'This order’s completed payments cover it, so it stays paid. Refund a payment (Payments) or move it to another order first.',
    );
  }
}

/**
 * After a refund completed: queues the customer's SMS naming the amount and the order's reference, and marks the
 * order "refunded" once every shilling of its payments went back (paymentStatus "refunded").
 */
export async function refundCompleted(trx: Trx, orderId: string, amount: number): Promise<void> {
  const order = await lockOrder(trx, orderId);
  if (!order) return;
  const row = await trx
    .selectFrom('payments')
    .select((eb) => [
      eb.fn.sum<number | string | null>('amount').as('paid'),
      eb.fn.sum<number | string | null>('refunded_amount').as('back'),
    ])
    .where('order_id', '=', orderId)
    .where('state', 'in', ['completed', 'held'])
    .executeTakeFirst();
  const paid = toCount(row?.paid ?? 0);
  const now = nowIso();
  if (paid > 0 && toCount(row?.back ?? 0) >= paid && order.payment_status !== 'refunded') {
    await trx
      .updateTable('orders')
      .set({ payment_status: 'refunded', updated_at: now })
      .where('id', '=', orderId)
      .execute();
  }
  const first = order.name.trim().split(/\s+/)[0]?.slice(0, 30) || 'there';
  await recordOrderEvent(
    trx,
    orderId,
    'refunded',
    now,
    `Hi ${first}, Urembo has sent ${formatKsh(amount)} back to you for order ${order.reference}. It may take a few minutes to reach your M-Pesa.`,
  );
}
