import { sql } from 'kysely';
import { toCount } from '../../db/sql-values';
import { ordersWithReceivedReturns, receivedRefundDue } from '../returns';
import type { Db, PaymentRow } from './repository';

/*
 * THE one computation of "refund due": money of an order's payments that must go back to its customer, less what
 * was refunded or is on its way back. Of a cancelled order, all of its completed and held money; otherwise its held
 * money (the order could not take it), the part of its completed payments beyond the order's total, and what its
 * received returns are worth. The part beyond the total is taken from the newest completed payments first.
 * A payment held because its receipt was credited elsewhere is the same money counted once: never due.
 */

type Counted = Pick<PaymentRow, 'id' | 'order_id' | 'amount' | 'state' | 'hold_reason' | 'created_at'>;

/** What each refund of a payment holds back from it: completed and pending refunds. */
async function reservedByPayment(db: Db, paymentIds: string[]): Promise<Map<string, number>> {
  const reserved = new Map<string, number>();
  if (paymentIds.length === 0) return reserved;
  const rows = await db
    .selectFrom('refunds')
    .select((eb) => ['payment_id', eb.fn.sum<number | string>('amount').as('n')])
    .where('payment_id', 'in', paymentIds)
    .where('state', 'in', ['pending', 'completed'])
    .groupBy('payment_id')
    .execute();
  for (const row of rows) reserved.set(row.payment_id, toCount(row.n));
  return reserved;
}

/** Refund due per payment of the given orders (payments with nothing due are left out). */
export async function refundDueOfOrders(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  const due = new Map<string, number>();
  if (orderIds.length === 0) return due;
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'total_amount', 'delivery_status'])
    .where('id', 'in', orderIds)
    .execute();
  const payments: Counted[] = await db
    .selectFrom('payments')
    .select(['id', 'order_id', 'amount', 'state', 'hold_reason', 'created_at'])
    .where('order_id', 'in', orderIds)
    .where('state', 'in', ['completed', 'held'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const reserved = await reservedByPayment(
    db,
    payments.map((p) => p.id),
  );
  const left = (p: Counted) => Math.max(0, p.amount - (reserved.get(p.id) ?? 0));
  for (const order of orders) {
    const own = payments.filter((p) => p.order_id === order.id && p.hold_reason !== 'receipt-reused');
    if (order.delivery_status === 'cancelled') {
      for (const p of own) if (left(p) > 0) due.set(p.id, left(p));
      continue;
    }
    const completed = own.filter((p) => p.state === 'completed');
    for (const p of own) if (p.state === 'held' && left(p) > 0) due.set(p.id, left(p));
    const paid = completed.reduce((sum, p) => sum + p.amount, 0);
    const beyond = Math.max(0, paid - order.total_amount) + (await receivedRefundDue(db, order.id));
    const alreadyBack = completed.reduce((sum, p) => sum + (reserved.get(p.id) ?? 0), 0);
    let owed = Math.max(0, beyond - alreadyBack);
    for (const p of completed) {
      if (owed <= 0) break;
      const share = Math.min(owed, left(p));
      if (share > 0) due.set(p.id, share);
      owed -= share;
    }
  }
  return due;
}

/** Orders that may have money due back: cancelled with money, held money, paid beyond the total, returns received. */
export async function ordersWithRefundDue(db: Db): Promise<string[]> {
  const withMoney = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select('payments.order_id')
    .distinct()
    .where('payments.state', 'in', ['completed', 'held'])
    .where((eb) => eb.or([eb('orders.delivery_status', '=', 'cancelled'), eb('payments.state', '=', 'held')]))
    .execute();
  const overpaid = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select('payments.order_id')
    .where('payments.state', '=', 'completed')
    .groupBy(['payments.order_id', 'orders.total_amount'])
    .having(sql<boolean>`sum(payments.amount) > orders.total_amount`)
    .execute();
  const ids = new Set<string>();
  for (const row of [...withMoney, ...overpaid]) if (row.order_id) ids.add(row.order_id);
  for (const id of await ordersWithReceivedReturns(db)) ids.add(id);
  return [...ids];
}
