import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { conflict } from '../../lib/http-error';
import { completedTotal, lockOrder, markOrderPaid } from './repository';

export interface Settlement {
  /** Completed payments cover the order total. */
  covered: boolean;
  /** This call moved the order to paid. */
  paidNow: boolean;
  completed: number;
  total: number;
}

/**
 * PRODUCT.md: an order becomes paid when its COMPLETED payments cover its total. Runs inside the caller's
 * transaction, after the payment write: locks the order row, sums the completed payments and moves
 * payment_status to 'paid' only from 'pending' or 'payment-unsuccessful'. Nothing else changes an order here
 * (the lead may route the status change through the orders state function after merging).
 */
export async function settleOrderPayment(trx: Transaction<Database>, orderId: string): Promise<Settlement> {
  const order = await lockOrder(trx, orderId);
  if (!order) return { covered: false, paidNow: false, completed: 0, total: 0 };
  const completed = await completedTotal(trx, orderId);
  const covered = completed >= order.total_amount;
  const paidNow = covered ? await markOrderPaid(trx, orderId, nowIso()) : false;
  return { covered, paidNow, completed, total: order.total_amount };
}

/**
 * Before a completed payment is set back to pending: refuses (409) when the order is already paid and the other
 * completed payments would no longer cover it. An order's "paid" is undone only on purpose, by an admin in the
 * orders table, never as a side effect of a payment toggle.
 */
export async function assertStillCoveredWithout(
  trx: Transaction<Database>,
  orderId: string,
  amount: number,
): Promise<void> {
  const order = await lockOrder(trx, orderId);
  if (!order || order.payment_status !== 'paid') return;
  const remaining = (await completedTotal(trx, orderId)) - amount;
  if (remaining < order.total_amount) {
    throw conflict(
      'This order is marked paid and this payment is part of what covers it. Set the order’s payment status back to pending first (Orders table), then change this payment.',
    );
  }
}
