import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { paged, type Paged } from '@urembo/contract/common';
import { formatKsh } from '@urembo/contract/money';
import { nairobiDayWindow } from '@urembo/contract/nairobi-time';
import {
  type ManualPaymentBody,
  type Payment,
  type PaymentFilter,
  type Reconciliation,
  type ResolveAnswer,
} from '@urembo/contract/payments';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso, toCount } from '../../db/sql-values';
import type { PaybillService } from './paybill';
import { HttpError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import type { UserRow } from '../users';
import { mayRead } from '../auth';
import { recordAudit } from '../audit';
import { DarajaError, isStillProcessing, type DarajaClient } from './daraja-client';
import { paymentFor, toPaymentDto } from './dto';
import {
  addReceiptToStkPayment,
  claimStkQuery,
  findOrderForPayment,
  findOrderIdByReference,
  findPayment,
  findPaymentByReceipt,
  findPaymentWithReference,
  findPaymentsWithReference,
  moneyBetween,
  findStkRequest,
  findStkRequestByCheckoutId,
  finishStkRequest,
  fullNameOfUser,
  insertCallbackAudit,
  insertStkRequest,
  latestPendingStkRequest,
  listPayments,
  recentStkRequests,
  setCallbackOutcome,
  refundsOfPayments,
  type PaymentListRow,
  type PaymentOrderRow,
  type StkRequestRow,
} from './repository';
import { ordersWithRefundDue, refundDueOfOrders } from './refund-due';
import { STILL_PROCESSING_RESULT_CODE, meaningOf, resultCodeText } from './result-codes';
import { assertStillCoveredWithout, completedTotal, normalizeReference, settleOrder } from '../orders';
import {
  creditNew,
  creditPending,
  creditUnmatched,
  failAsDuplicate,
  holdNew,
  recordPending,
  uncredit,
} from './ledger';

/** Ask Daraja (STK query) about a pending request once its callback is this late... */
export const STK_QUERY_AFTER_MS = 20_000;
/** ...and at most this often per request (Daraja's spike arrest punishes tight polling). */
export const STK_QUERY_EVERY_MS = 5_000;
/** Daraja's per-transaction maximum; a larger balance is paid in several pushes. */
export const STK_MAX_AMOUNT = 250_000;
/** TransactionDesc: at most 13 characters, not empty, no @ # &. */
export const STK_TRANSACTION_DESC = 'Urembo order';
export const STK_CHANNEL = 'M-Pesa STK';
/** A new prompt for the same order only once the last one has had this long to arrive... */
export const STK_RESEND_AFTER_MS = 30_000;
/** ...and at most this many prompts per customer in STK_USER_WINDOW_MS (prompts go to any number typed in). */
export const STK_USER_LIMIT = 5;
export const STK_USER_WINDOW_MS = 10 * 60_000;
export const MANUAL_CHANNEL = 'M-Pesa';

const PENDING_MESSAGE = 'Waiting for you to enter your M-Pesa PIN on your phone.';

/** What happened to one callback or final query answer (stored as the audit row's outcome). */
export type StkOutcome =
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'amount-mismatch'
  | 'duplicate'
  | 'receipt-added'
  | 'conflicting-result'
  | 'paid-receipt-reused'
  | 'receipt-conflict'
  | 'paid-for-refund'
  | 'paid-by-confirmation'
  | 'unknown-request';

export interface StkResult {
  checkoutRequestId: string;
  resultCode: string;
  resultDesc: string | null;
  /** From the callback's metadata; null in an STK query answer (it carries none). */
  amount: number | null;
  receipt: string | null;
  phone: string | null;
  source: 'callback' | 'stk-query';
}

export interface PaymentsDeps {
  paybill: PaybillService;
  db: Kysely<Database>;
  config: Config;
  daraja: DarajaClient;
  log: FastifyBaseLogger;
}

export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  /**
   * Sends an STK push for the order's unpaid balance. The request is stored only once Daraja has accepted it
   * (one insert): a refused, failed or timed-out push leaves nothing behind.
   */
  async startStkPush(
    user: UserRow,
    orderId: string,
    phone: string,
  ): Promise<{ _id: string; message: string }> {
    const { db, config, daraja, log } = this.deps;
    const order = await this.ownOrder(user, orderId);
    assertPayable(order);
    const balance = order.total_amount - (await completedTotal(db, order.id));
    if (balance < 1) {
      await db.transaction().execute((trx) => settleOrder(trx, order.id));
      throw conflict('This order is already paid');
    }
    if (config.mpesa.mode === 'off') {
      throw new HttpError(
        503,
        'M-Pesa prompts are not available on this shop right now. Pay with the paybill, then send us the receipt with the M-Pesa form.',
      );
    }
    await this.assertMayPush(user, order.id);
    const amount = Math.min(balance, STK_MAX_AMOUNT);
    const accountReference = order.reference;
    let accepted;
    try {
      accepted = await daraja.stkPush({
        amount,
        phone,
        accountReference,
        description: STK_TRANSACTION_DESC,
      });
    } catch (err) {
      throw darajaFailure(err, log);
    }
    const now = nowIso();
    const row: StkRequestRow = {
      id: newId(),
      order_id: order.id,
      user_id: user.id,
      merchant_request_id: accepted.merchantRequestId,
      checkout_request_id: accepted.checkoutRequestId,
      amount,
      phone,
      account_reference: accountReference,
      status: 'pending',
      result_code: null,
      result_desc: null,
      last_query_at: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    };
    try {
      await insertStkRequest(db, row);
    } catch (err) {
      // Daraja sent the prompt but we could not record it: its callback will land in the audit trail unmatched.
      log.error(
        { err, checkoutRequestId: accepted.checkoutRequestId, orderId: order.id, amount },
        'M-Pesa STK push accepted but not recorded (reconcile by hand from mpesa_callbacks)',
      );
      throw err;
    }
    return { _id: row.id, message: `M-Pesa pop-up sent to ${phone}` };
  }

  /** The state of an STK request; asks Daraja (paced) when its callback is late. */
  async resolve(user: UserRow, id: string): Promise<ResolveAnswer> {
    const { db, config } = this.deps;
    let request = await findStkRequest(db, id);
    if (!request || !mayRead(user, request.user_id)) {
      throw notFound('Payment request not found');
    }
    if (request.status === 'pending' && config.mpesa.mode !== 'off') {
      const now = new Date();
      const age = now.getTime() - Date.parse(request.created_at);
      if (age >= STK_QUERY_AFTER_MS && (await claimStkQuery(db, request.id, now, STK_QUERY_EVERY_MS))) {
        await this.queryAndApply(request);
        request = (await findStkRequest(db, id)) ?? request;
      }
    }
    return {
      status: request.status,
      message: messageFor(request),
      order: request.order_id,
      amount: request.amount,
    };
  }

  /**
   * Daraja's callback. The raw body is stored first (audit trail), then applied; the answer is always
   * "Accepted" once stored, so Safaricom does not resend what we already hold.
   */
  async receiveCallback(raw: string): Promise<{ statusCode: number; body: unknown }> {
    const { db, log } = this.deps;
    const auditId = newId();
    const parsed = parseCallback(raw);
    await insertCallbackAudit(db, {
      id: auditId,
      received_at: nowIso(),
      source: 'callback',
      checkout_request_id: parsed?.checkoutRequestId ?? null,
      raw_body: raw,
      trans_id: parsed?.receipt ?? null,
      outcome: 'received',
    });
    if (!parsed) {
      await setCallbackOutcome(db, auditId, 'malformed');
      log.warn({ auditId }, 'malformed M-Pesa callback stored for audit');
      return { statusCode: 400, body: { ResultCode: 1, ResultDesc: 'Malformed callback' } };
    }
    const outcome = await this.applyStkResult(parsed);
    await setCallbackOutcome(db, auditId, outcome);
    const level = [
      'unknown-request',
      'amount-mismatch',
      'conflicting-result',
      'receipt-conflict',
      'paid-for-refund',
    ].includes(outcome)
      ? 'warn'
      : 'info';
    log[level]({ auditId, checkoutRequestId: parsed.checkoutRequestId, outcome }, 'M-Pesa callback');
    return { statusCode: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } };
  }

  /**
   * The manual M-Pesa form. A receipt equal to an unmatched paybill payment assigns that payment to the order at
   * once; an unknown one is stored pending and checked with Safaricom (Transaction Status). A receipt already
   * used anywhere else is refused (409).
   */
  async submitManualPayment(user: UserRow, body: ManualPaymentBodyParsed): Promise<Payment> {
    const { db, paybill } = this.deps;
    const order = await this.ownOrder(user, body.order);
    assertPayable(order);
    const used = conflict('This M-Pesa receipt number has already been used');
    const now = nowIso();
    const id = await (async () => {
      try {
        return await db.transaction().execute(async (trx) => {
          const existing = await findPaymentByReceipt(trx, body.receipt);
          if (existing) {
            // Paybill money still waiting for its order is this order's when its customer types its receipt.
            if (
              existing.source !== 'mpesa-c2b' ||
              existing.order_id !== null ||
              existing.state !== 'completed'
            )
              throw used;
            if ((await creditUnmatched(trx, existing, order.id)) === 'raced') throw used;
            return existing.id;
          }
          const row = {
            id: newId(),
            source: 'user-mpesa-form' as const,
            order_id: order.id,
            user_id: user.id,
            stk_request_id: null,
            full_name: body.fullName,
            amount: body.amount,
            channel: body.channel || MANUAL_CHANNEL,
            receipt: body.receipt,
            phone: user.phone,
            created_at: now,
            updated_at: now,
            account: null,
            note: null,
            verification: null,
            status_query_id: null,
          };
          await recordPending(trx, row);
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw used;
        throw err;
      }
    })();
    const stored = await findPaymentWithReference(db, id);
    if (stored && stored.state === 'pending' && stored.receipt)
      await paybill.checkReceipt(stored.id, stored.receipt);
    const answer = await findPaymentWithReference(db, id);
    if (!answer) throw notFound('Payment not found');
    return paymentFor(user, await this.withRefunds(answer), order.phone);
  }

  async listPayments(page: number, limit: number, filter: PaymentFilter = 'all'): Promise<Paged<Payment>> {
    const { db } = this.deps;
    if (filter === 'refund-due') return this.listRefundDue(page, limit);
    const { rows, total } = await listPayments(db, page, limit, filter);
    const refunds = await refundsOfPayments(
      db,
      rows.map((r) => r.id),
    );
    return paged(
      rows.map((row) => toPaymentDto(row, refunds)),
      total,
      { page, limit },
    );
  }

  /** Admin: the payments with money to send back, newest first, each with `refundDue`. */
  async listRefundDue(page: number, limit: number): Promise<Paged<Payment>> {
    const { db } = this.deps;
    const due = await refundDueOfOrders(db, await ordersWithRefundDue(db));
    const rows = await findPaymentsWithReference(db, [...due.keys()]);
    const pageRows = rows.slice((page - 1) * limit, page * limit);
    const refunds = await refundsOfPayments(
      db,
      pageRows.map((r) => r.id),
    );
    return paged(
      pageRows.map((row) => toPaymentDto(row, refunds, due.get(row.id) ?? 0)),
      rows.length,
      { page, limit },
    );
  }

  /** The payments of one order (its owner or an admin): what the order page shows after the manual form. */
  async paymentsOfOrder(user: UserRow, orderId: string): Promise<Payment[]> {
    const { db } = this.deps;
    const order = await findOrderForPayment(db, orderId);
    if (!order || !mayRead(user, order.user_id)) throw notFound('Order not found');
    const rows = await db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at', 'desc')
      .execute();
    const refunds = await refundsOfPayments(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      paymentFor(user, toPaymentDto({ ...row, order_reference: order.reference }, refunds), order.phone),
    );
  }

  /** Admin: assigns an unmatched paybill payment to an order (by reference or id); already assigned → 409. */
  async assignPayment(id: string, orderRef: string, adminId: string): Promise<Payment> {
    const { db } = this.deps;
    const reference = normalizeReference(orderRef);
    const order =
      (await findOrderIdByReference(db, reference)) ?? (await findOrderForPayment(db, orderRef.trim()));
    if (!order) throw notFound('No order has that reference');
    await db.transaction().execute(async (trx) => {
      const payment = await findPayment(trx, id);
      if (!payment) throw notFound('Payment not found');
      if (payment.order_id !== null || payment.state !== 'completed') {
        throw conflict('This payment is already assigned');
      }
      if ((await creditUnmatched(trx, payment, order.id, { byAdmin: true })) === 'raced') {
        throw conflict('This payment is already assigned');
      }
      await recordAudit(trx, {
        adminId,
        action: 'assign',
        entity: 'payment',
        entityId: id,
        summary:
          `Paybill payment ${payment.receipt ?? ''} of ${formatKsh(payment.amount)} assigned to order ` +
          `${'reference' in order ? order.reference : reference}`,
      });
    });
    const updated = await findPaymentWithReference(db, id);
    if (!updated) throw notFound('Payment not found');
    return this.withRefunds(updated);
  }

  /** Admin: complete (or set back to pending) a manual-form payment; completing one may make the order paid. */
  async updatePaymentStatus(id: string, status: boolean, adminId: string): Promise<Payment> {
    const { db } = this.deps;
    const existing = await findPayment(db, id);
    if (!existing) throw notFound('Payment not found');
    if (existing.source !== 'user-mpesa-form' || existing.order_id === null) {
      throw badRequest('Only payments sent with the M-Pesa form can be changed here');
    }
    if (existing.state === 'held' || existing.state === 'failed')
      throw conflict('This payment is held for review and does not count');
    const orderId = existing.order_id;
    await db.transaction().execute(async (trx) => {
      const payment = await findPayment(trx, id);
      if (!payment) throw notFound('Payment not found');
      let summary: string | null = null;
      const what = `M-Pesa form payment ${payment.receipt ?? ''} of ${formatKsh(payment.amount)}`;
      if (status && payment.state === 'pending') {
        // An admin's completion always completes; on a cancelled or covered order the money is then refund due.
        const outcome = await creditPending(trx, payment, {}, { byAdmin: true });
        if (outcome !== 'raced') {
          summary = `${what}: pending -> complete${outcome === 'refund-due' ? ' (refund due)' : ''}`;
        }
      } else if (!status && payment.state === 'completed') {
        await assertStillCoveredWithout(trx, orderId, payment.amount);
        if (await uncredit(trx, id)) summary = `${what}: complete -> pending`;
      }
      if (summary) {
        await recordAudit(trx, {
          adminId,
          action: status ? 'complete' : 'reopen',
          entity: 'payment',
          entityId: id,
          summary,
        });
      }
    });
    const updated = await findPaymentWithReference(db, id);
    if (!updated) throw notFound('Payment not found');
    return this.withRefunds(updated);
  }

  /** Admin: one Nairobi day's money by the way it came (paybill, STK, typed receipts, admin) and what waits. */
  async reconciliation(date: string): Promise<Reconciliation> {
    const { db } = this.deps;
    const { from, to } = nairobiDayWindow(date);
    const rows = await moneyBetween(db, from.toISOString(), to.toISOString());
    const zero = () => ({ count: 0, amount: 0 });
    const out: Reconciliation = {
      date,
      paybill: zero(),
      stk: zero(),
      manual: zero(),
      admin: zero(),
      unmatched: zero(),
      flagged: zero(),
      pendingManual: zero(),
    };
    for (const row of rows) {
      const add = (bucket: { count: number; amount: number }) => {
        bucket.count += toCount(row.n);
        bucket.amount += toCount(row.amount);
      };
      const completed = toCount(row.status) === 1;
      if (toCount(row.flagged) === 1) add(out.flagged);
      else if (toCount(row.unmatched) === 1) add(out.unmatched);
      else if (!completed) {
        if (row.source === 'user-mpesa-form') add(out.pendingManual);
      } else if (row.source === 'mpesa-c2b') add(out.paybill);
      else if (row.source === 'mpesa-stk') add(out.stk);
      else if (row.source === 'user-mpesa-form') add(out.manual);
      else add(out.admin);
    }
    return out;
  }

  /** A payment by id as the API answers it (404 when there is none). */
  async answer(id: string): Promise<Payment> {
    const row = await findPaymentWithReference(this.deps.db, id);
    if (!row) throw notFound('Payment not found');
    return this.withRefunds(row);
  }

  /** A payment as the API answers it, with its refunds. */
  async withRefunds(row: PaymentListRow): Promise<Payment> {
    return toPaymentDto(row, await refundsOfPayments(this.deps.db, [row.id]));
  }

  /** The order as its owner sees it; another customer's order does not exist for them (404). */
  private async ownOrder(user: UserRow, orderId: string): Promise<PaymentOrderRow> {
    const { db } = this.deps;
    const order = await findOrderForPayment(db, orderId);
    if (!order || order.user_id !== user.id) throw notFound('Order not found');
    return order;
  }

  /**
   * Applies a final STK result (a callback, or an STK query's final answer) in one transaction. Idempotent: the
   * request moves out of "pending" once (a conditional update), one payment per request (unique stk_request_id)
   * and per receipt (unique receipt), so the same callback delivered five times at once credits once.
   */
  private async applyStkResult(result: StkResult): Promise<StkOutcome> {
    const { db } = this.deps;
    try {
      return await db.transaction().execute(async (trx): Promise<StkOutcome> => {
        const request = await findStkRequestByCheckoutId(trx, result.checkoutRequestId);
        if (!request) return 'unknown-request';
        const now = nowIso();

        if (result.resultCode !== '0') {
          const meaning = meaningOf(result.resultCode, result.resultDesc);
          if (request.status !== 'pending')
            return sameResult(request, result) ? 'duplicate' : 'conflicting-result';
          const changed = await finishStkRequest(trx, request.id, {
            status: meaning.status,
            resultCode: result.resultCode,
            resultDesc: result.resultDesc,
            now,
          });
          return changed ? meaning.status : 'duplicate';
        }

        if (request.status !== 'pending') {
          if (request.result_code !== '0') return 'conflicting-result';
          // A late callback after an STK query confirmed the payment brings the receipt the query lacked.
          if (result.receipt && (await addReceiptToStkPayment(trx, request.id, result.receipt, now))) {
            return 'receipt-added';
          }
          return 'duplicate';
        }

        // An STK query confirms the request as sent (its answer has no amount); a callback must match it.
        const amountMatches = result.source === 'stk-query' || result.amount === request.amount;
        // A receipt pays one order, once: the same receipt typed into the manual form on this order
        // (still pending) is the same money, and that form row steps aside; anywhere else it is a conflict that
        // pays nothing and waits for an admin.
        const taken = result.receipt ? await findPaymentByReceipt(trx, result.receipt) : undefined;
        const typedHere =
          !!taken &&
          taken.source === 'user-mpesa-form' &&
          taken.state === 'pending' &&
          taken.order_id === request.order_id;
        // The paybill's own confirmation of this prompt payment may have come first: same order, same money.
        const alreadyCredited =
          !!taken &&
          taken.source === 'mpesa-c2b' &&
          taken.state === 'completed' &&
          taken.order_id === request.order_id &&
          (result.amount === null || result.amount === taken.amount);
        if (alreadyCredited) {
          const changed = await finishStkRequest(trx, request.id, {
            status: 'paid',
            resultCode: '0',
            resultDesc: result.resultDesc,
            now,
          });
          return changed ? 'paid-by-confirmation' : 'duplicate';
        }
        const conflicting = !!taken && !typedHere;
        const changed = await finishStkRequest(trx, request.id, {
          status: amountMatches && !conflicting ? 'paid' : 'failed',
          resultCode: '0',
          resultDesc: conflicting
            ? `M-Pesa receipt ${result.receipt} was already credited to another payment`
            : amountMatches
              ? result.resultDesc
              : `M-Pesa reported Ksh ${result.amount ?? 'unknown'} for a request of Ksh ${request.amount}`,
          now,
        });
        if (!changed) return 'duplicate';
        if (taken && typedHere) {
          await failAsDuplicate(
            trx,
            taken.id,
            `Same money as the M-Pesa prompt payment (receipt ${result.receipt})`,
          );
        }
        const row = {
          id: newId(),
          source: 'mpesa-stk' as const,
          order_id: request.order_id,
          user_id: request.user_id,
          stk_request_id: request.id,
          full_name: (await fullNameOfUser(trx, request.user_id)) ?? 'M-Pesa customer',
          amount: amountMatches ? request.amount : Math.max(0, Math.floor(result.amount ?? 0)),
          channel: STK_CHANNEL,
          receipt: conflicting ? null : result.receipt,
          phone: result.phone ?? request.phone,
          created_at: now,
          updated_at: now,
          account: null,
          note: conflicting ? `Receipt ${result.receipt} was already credited (payment ${taken?.id})` : null,
          verification: null,
          status_query_id: null,
        };
        if (conflicting) {
          await holdNew(trx, row, 'receipt-reused', 'conflict');
          return 'receipt-conflict';
        }
        if (!amountMatches) {
          await holdNew(trx, row, 'order-not-payable', 'amount-mismatch');
          return 'amount-mismatch';
        }
        const { outcome } = await creditNew(trx, row);
        if (outcome === 'refund-due') return 'paid-for-refund';
        return typedHere ? 'paid-receipt-reused' : 'paid';
      });
    } catch (err) {
      // A concurrent duplicate that slipped past the conditional update meets the unique constraints.
      if (isUniqueViolation(err)) return 'duplicate';
      throw err;
    }
  }

  /** Keeps STK push from being used to flood a phone with prompts (the number is whatever the customer typed). */
  private async assertMayPush(user: UserRow, orderId: string): Promise<void> {
    const { db } = this.deps;
    const now = Date.now();
    const pending = await latestPendingStkRequest(db, orderId);
    if (pending) {
      const wait = Date.parse(pending.created_at) + STK_RESEND_AFTER_MS - now;
      if (wait > 0) {
        throw tooManyRequests(
          `We just sent a prompt to ${pending.phone}. Check your phone, or try again in ${Math.ceil(wait / 1000)} seconds.`,
          wait / 1000,
        );
      }
    }
    const recent = await recentStkRequests(db, user.id, new Date(now - STK_USER_WINDOW_MS).toISOString());
    if (recent.count >= STK_USER_LIMIT && recent.oldest) {
      const wait = Date.parse(recent.oldest) + STK_USER_WINDOW_MS - now;
      throw tooManyRequests(
        `Too many M-Pesa prompts. Please wait ${Math.max(1, Math.ceil(wait / 60_000))} minutes, or pay with the paybill.`,
        wait / 1000,
      );
    }
  }

  /** Asks Daraja about a pending request and applies a final answer exactly as a callback would be applied. */
  private async queryAndApply(request: StkRequestRow): Promise<void> {
    const { db, daraja, log } = this.deps;
    let answer;
    try {
      answer = await daraja.stkQuery(request.checkout_request_id);
    } catch (err) {
      if (isStillProcessing(err)) return;
      log.warn({ err, stkRequest: request.id }, 'M-Pesa STK query failed; the request stays pending');
      return;
    }
    const code = resultCodeText(answer.resultCode);
    if (code === null || code === STILL_PROCESSING_RESULT_CODE) return;
    const auditId = newId();
    await insertCallbackAudit(db, {
      id: auditId,
      received_at: nowIso(),
      source: 'stk-query',
      checkout_request_id: request.checkout_request_id,
      raw_body: JSON.stringify(answer.raw),
      trans_id: null,
      outcome: 'received',
    });
    const outcome = await this.applyStkResult({
      checkoutRequestId: request.checkout_request_id,
      resultCode: code,
      resultDesc: answer.resultDesc,
      amount: null,
      receipt: null,
      phone: null,
      source: 'stk-query',
    });
    await setCallbackOutcome(db, auditId, outcome);
    log.info({ stkRequest: request.id, outcome }, 'M-Pesa STK query answered');
  }
}

function assertPayable(order: PaymentOrderRow): void {
  if (order.delivery_status === 'cancelled') throw conflict('This order was cancelled');
  if (order.payment_status === 'paid') throw conflict('This order is already paid');
}

function sameResult(request: StkRequestRow, result: StkResult): boolean {
  return request.result_code === result.resultCode;
}

function messageFor(request: StkRequestRow): string {
  if (request.status === 'paid') return 'Paid';
  if (request.status === 'pending') return PENDING_MESSAGE;
  if (request.result_code === '0') {
    return 'M-Pesa took this payment but something about it needs a person (a different amount, or a receipt already used). Our team will check it and update your order.';
  }
  return meaningOf(request.result_code ?? '', request.result_desc).message;
}

type ManualPaymentBodyParsed = Omit<ManualPaymentBody, 'amount'> & { amount: number };

/** Turns a Daraja failure into what the customer sees: nothing was stored, try again. */
function darajaFailure(err: unknown, log: FastifyBaseLogger): Error {
  if (!(err instanceof DarajaError)) return err instanceof Error ? err : new Error(String(err));
  log.warn(
    { kind: err.kind, errorCode: err.errorCode, httpStatus: err.httpStatus, msg: err.message },
    'Daraja STK push failed',
  );
  switch (err.kind) {
    case 'unreachable':
      return new HttpError(503, 'M-Pesa is unavailable, please try again');
    case 'timeout':
      return new HttpError(
        503,
        'M-Pesa did not answer in time, please try again. If a prompt still reaches your phone, cancel it first.',
      );
    case 'failed':
      return new HttpError(502, 'M-Pesa is unavailable, please try again');
    case 'rejected':
      if (err.errorCode === '500.003.02' || err.httpStatus === 429 || err.httpStatus === 503) {
        return new HttpError(503, 'M-Pesa is busy right now, please try again in a minute');
      }
      return new HttpError(502, `M-Pesa could not send the prompt: ${err.message}`);
  }
}

/** The parts of Daraja's callback we use; null when it is not an stkCallback at all. */
export function parseCallback(raw: string): StkResult | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  const callback = pick(pick(body, 'Body'), 'stkCallback');
  const checkoutRequestId = pick(callback, 'CheckoutRequestID');
  const resultCode = resultCodeText(pick(callback, 'ResultCode'));
  if (typeof checkoutRequestId !== 'string' || checkoutRequestId === '' || resultCode === null) return null;
  const desc = pick(callback, 'ResultDesc');
  const items = pick(pick(callback, 'CallbackMetadata'), 'Item');
  // Items are looked up by Name, never by position; Balance often has no Value.
  const item = (name: string): unknown =>
    Array.isArray(items)
      ? pick(
          items.find((i) => pick(i, 'Name') === name),
          'Value',
        )
      : undefined;
  const amountValue = item('Amount');
  const amount =
    typeof amountValue === 'number' || (typeof amountValue === 'string' && amountValue.trim() !== '')
      ? Number(amountValue)
      : NaN;
  const receiptValue = item('MpesaReceiptNumber');
  const phoneValue = item('PhoneNumber');
  return {
    checkoutRequestId,
    resultCode,
    resultDesc: typeof desc === 'string' ? desc : null,
    amount: Number.isFinite(amount) ? amount : null,
    receipt:
      typeof receiptValue === 'string' && receiptValue.trim() !== ''
        ? receiptValue.trim().toUpperCase().slice(0, 40)
        : null,
    phone:
      typeof phoneValue === 'number' || typeof phoneValue === 'string'
        ? String(phoneValue).slice(0, 20)
        : null,
    source: 'callback',
  };
}

function pick(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}
