import type { Transaction } from 'kysely';
import type { Database, HoldReasonColumn, PaymentFlagColumn } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { creditCheck, settleOrder } from '../orders';
import {
  completePendingPayment,
  creditUnmatchedPayment,
  insertPayment,
  setPaymentState,
  type PaymentRow,
} from './repository';

/*
 * THE payment ledger: every write that decides what a payment's money does goes through here, in the caller's
 * transaction. One `credit` step decides, for money Safaricom (or an admin) confirmed, whether it counts towards its
 * order (completed, then the one settlement rule runs), waits unmatched (completed, no order), or is held aside
 * because the order cannot take it (cancelled or already covered: refund due). Held money never counts; only a
 * completed payment does (`countsTowardOrder` in orders/repository.ts).
 */

type Trx = Transaction<Database>;

/** A new payment's fields; the ledger sets its state, status, flag and hold reason. */
export type NewPayment = Omit<PaymentRow, 'state' | 'hold_reason' | 'status' | 'flag' | 'refunded_amount'>;

export type CreditOutcome =
  /** Counts towards its order (which settlement may have made paid). */
  | 'credited'
  /** Completed money for no order yet: waits for its customer's receipt or an admin. */
  | 'unmatched'
  /** The order is cancelled or already covered: the money is refund due (held, or completed by an admin). */
  | 'refund-due'
  /** Someone else credited this payment first (a concurrent duplicate): nothing was written. */
  | 'raced';

export interface CreditOptions {
  /**
   * An admin completes or assigns the payment on purpose: it completes even when the order cannot take it (its money
   * is then refund due); automatic paths hold such money instead.
   */
  byAdmin?: boolean;
}

interface Decision {
  state: 'completed' | 'held';
  hold: HoldReasonColumn | null;
  flag: PaymentFlagColumn | null;
  orderId: string | null;
  userId: string | null;
  outcome: Exclude<CreditOutcome, 'raced'>;
}

async function decide(trx: Trx, orderId: string | null, options: CreditOptions): Promise<Decision> {
  const check = orderId ? await creditCheck(trx, orderId) : undefined;
  if (!check) {
    return { state: 'completed', hold: null, flag: null, orderId: null, userId: null, outcome: 'unmatched' };
  }
  const base = { orderId: check.order.id, userId: check.order.user_id };
  if (!check.refund) return { ...base, state: 'completed', hold: null, flag: null, outcome: 'credited' };
  if (options.byAdmin) return { ...base, state: 'completed', hold: null, flag: null, outcome: 'refund-due' };
  return { ...base, state: 'held', hold: 'order-not-payable', flag: 'refund', outcome: 'refund-due' };
}

async function settled(trx: Trx, decision: Decision): Promise<void> {
  if (decision.orderId && decision.state === 'completed') await settleOrder(trx, decision.orderId);
}

/**
 * THE credit step, for money that is new to the ledger (an STK result, a paybill confirmation, an admin marking an
 * order paid). `row.order_id` is the order it is for, or null (unmatched).
 */
export async function creditNew(
  trx: Trx,
  row: NewPayment,
  options: CreditOptions = {},
): Promise<{ outcome: CreditOutcome; id: string }> {
  const decision = await decide(trx, row.order_id, options);
  await insertPayment(trx, {
    ...row,
    order_id: decision.orderId,
    user_id: decision.orderId ? (row.user_id ?? decision.userId) : row.user_id,
    state: decision.state,
    hold_reason: decision.hold,
    status: decision.state === 'completed' ? 1 : 0,
    flag: decision.flag,
  });
  await settled(trx, decision);
  return { outcome: decision.outcome, id: row.id };
}

/**
 * THE credit step for a payment already in the ledger: a typed receipt still pending that Safaricom (or an admin)
 * confirms, with Safaricom's amount when it gives one. Answers 'raced' when the payment is no longer pending.
 */
export async function creditPending(
  trx: Trx,
  payment: PaymentRow,
  changes: { amount?: number; orderId?: string | null; verification?: 'confirmed'; account?: string },
  options: CreditOptions = {},
): Promise<CreditOutcome> {
  const orderId = payment.order_id ?? changes.orderId ?? null;
  const decision = await decide(trx, orderId, options);
  const done = await completePendingPayment(trx, payment.id, {
    amount: changes.amount ?? payment.amount,
    order_id: decision.orderId,
    user_id: payment.user_id ?? decision.userId,
    state: decision.state,
    hold_reason: decision.hold,
    flag: decision.flag,
    verification: changes.verification ?? payment.verification,
    account: changes.account ?? payment.account,
    updated_at: nowIso(),
  });
  if (!done) return 'raced';
  await settled(trx, decision);
  return decision.outcome;
}

/**
 * THE credit step for unmatched money (completed, no order) given its order: by the customer typing its receipt or
 * an admin assigning it. Answers 'raced' when it was assigned meanwhile.
 */
export async function creditUnmatched(
  trx: Trx,
  payment: PaymentRow,
  orderId: string,
  options: CreditOptions = {},
): Promise<CreditOutcome> {
  const decision = await decide(trx, orderId, options);
  if (!decision.orderId) return 'raced';
  const done = await creditUnmatchedPayment(trx, payment.id, {
    order_id: decision.orderId,
    user_id: decision.userId,
    state: decision.state,
    hold_reason: decision.hold,
    flag: decision.flag,
    updated_at: nowIso(),
  });
  if (!done) return 'raced';
  await settled(trx, decision);
  return decision.outcome;
}

/** Records a typed receipt, pending until Safaricom or an admin confirms it. */
export async function recordPending(trx: Trx, row: NewPayment): Promise<void> {
  await insertPayment(trx, { ...row, state: 'pending', hold_reason: null, status: 0, flag: null });
}

/** Records money that must not count: a receipt already credited elsewhere, or an amount other than asked. */
export async function holdNew(
  trx: Trx,
  row: NewPayment,
  reason: HoldReasonColumn,
  flag: PaymentFlagColumn,
): Promise<void> {
  await insertPayment(trx, { ...row, state: 'held', hold_reason: reason, status: 0, flag });
}

/** A typed receipt that turned out to be another payment's money: failed, its receipt freed for that payment. */
export async function failAsDuplicate(trx: Trx, paymentId: string, note: string): Promise<void> {
  await setPaymentState(trx, paymentId, {
    state: 'failed',
    status: 0,
    receipt: null,
    flag: 'duplicate',
    verification: 'confirmed',
    note,
    updated_at: nowIso(),
  });
}

/** An admin sets a completed typed receipt back to pending (the caller checked the order stays covered). */
export async function uncredit(trx: Trx, paymentId: string): Promise<boolean> {
  return setPaymentState(
    trx,
    paymentId,
    { state: 'pending', status: 0, hold_reason: null, flag: null, updated_at: nowIso() },
    'completed',
  );
}
