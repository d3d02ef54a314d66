import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { parseReceipt, type Payment, type RefundMethod } from '@urembo/contract/payments';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso, toCount } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { recordAudit } from '../audit';
import { refundCompleted } from '../orders';
import { DarajaError, type DarajaClient } from './daraja-client';
import {
  findPayment,
  insertCallbackAudit,
  setCallbackOutcome,
  type PaymentRow,
  type RefundRow,
} from './repository';

/*
 * Refunds: money sent back from a payment, never more than the payment. A manual refund (the admin sent the money
 * and gives its receipt) completes at once; a Reversal asks Safaricom to reverse the whole remaining amount of an
 * M-Pesa payment and stays pending until its result. The request is written first (pending, in the transaction that
 * checks what is left of the payment under its row lock), then sent: a crash or a time-out between the two leaves a
 * pending refund without a conversation id, which the resume loop sends again. A result posted twice counts once.
 */

type Trx = Transaction<Database>;

/** A Reversal that Daraja did not answer (time-out, unreachable, 5xx) is sent again after this long... */
export const REVERSAL_RETRY_MS = 60_000;
/** ...at most this many times, then it fails with the last reason (the admin may refund by hand). */
export const REVERSAL_MAX_ATTEMPTS = 5;
/** How often each process looks for Reversals to send again. */
export const REVERSAL_RESUME_EVERY_MS = 30_000;

export const REVERSAL_NEEDS_INITIATOR =
  'Refunds by M-Pesa Reversal need MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL (the Daraja API initiator and its encrypted password). Send the money by hand and record it as a manual refund instead.';

export interface RefundRequest {
  amount: number;
  method: RefundMethod;
  reason: string;
  receipt?: string;
}

export interface RefundsDeps {
  db: Kysely<Database>;
  config: Config;
  daraja: DarajaClient;
  log: FastifyBaseLogger;
  /** The payment as the API answers it. */
  answer: (paymentId: string) => Promise<Payment>;
  /** Wakes the message queue (the customer's refund SMS). */
  kick?: () => void;
}

/** Locks the payment row until the transaction ends (PostgreSQL: a no-op update; SQLite writes one at a time). */
async function lockPayment(trx: Trx, id: string): Promise<PaymentRow | undefined> {
  await trx
    .updateTable('payments')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', id)
    .execute();
  return findPayment(trx, id);
}

/** What completed and pending refunds hold of a payment. */
async function reservedOf(trx: Trx, paymentId: string): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('n'))
    .where('payment_id', '=', paymentId)
    .where('state', 'in', ['pending', 'completed'])
    .executeTakeFirst();
  return toCount(row?.n ?? 0);
}

/** The shortcode that received a payment (a Reversal's ReceiverParty). */
function receiverOf(config: Config, payment: PaymentRow): string {
  if (payment.source === 'mpesa-stk') return config.mpesa.partyB;
  return config.mpesa.c2b?.shortcode ?? config.mpesa.partyB;
}

export class RefundService {
  constructor(private readonly deps: RefundsDeps) {}

  /** POST /payment/{id}/refund. A repeat with the same Idempotency-Key answers the first refund's payment. */
  async refund(
    paymentId: string,
    request: RefundRequest,
    adminId: string,
    idempotencyKey: string | undefined,
  ): Promise<Payment> {
    const { db, config } = this.deps;
    if (idempotencyKey) {
      const earlier = await this.byKey(idempotencyKey);
      if (earlier) return this.repeat(earlier, paymentId);
    }
    const reversal = request.method === 'mpesa-reversal';
    if (reversal && (!config.mpesa.reversal || config.mpesa.mode === 'off')) {
      throw conflict(REVERSAL_NEEDS_INITIATOR);
    }
    const receipt = request.method === 'manual' ? parseReceipt(request.receipt ?? '') : null;
    let refund: RefundRow;
    try {
      refund = await db.transaction().execute(async (trx) => {
        const payment = await lockPayment(trx, paymentId);
        if (!payment) throw notFound('Payment not found');
        if (payment.state !== 'completed' && payment.state !== 'held') {
          throw conflict('Only money the shop received can be refunded: this payment is not completed');
        }
        if (payment.hold_reason === 'receipt-reused') {
          throw conflict(
            'This payment repeats a receipt credited to another payment: refund that one instead',
          );
        }
        const left = payment.amount - (await reservedOf(trx, payment.id));
        if (left < 1)
          throw conflict('Everything of this payment was already refunded (or is being refunded)');
        if (request.amount > left) {
          throw badRequest(
            `amount must be a whole number of shillings from 1 to what is left of the payment (Ksh ${left})`,
          );
        }
        if (reversal) {
          if (!payment.receipt || payment.source === 'admin') {
            throw badRequest(
              'Only an M-Pesa payment with its receipt can be reversed: send this money back by hand',
            );
          }
          if (request.amount !== left) {
            throw badRequest(
              `A Reversal sends back the whole remaining payment (Ksh ${left}): reverse whole payments, send parts by hand`,
            );
          }
        }
        const now = nowIso();
        const row: RefundRow = {
          id: newId(),
          payment_id: payment.id,
          amount: request.amount,
          method: request.method,
          state: reversal ? 'pending' : 'completed',
          receipt,
          reason: request.reason,
          failure: null,
          idempotency_key: idempotencyKey ?? null,
          conversation_id: null,
          attempts: 0,
          next_attempt_at: reversal ? now : null,
          admin_id: adminId,
          created_at: now,
          updated_at: now,
          completed_at: reversal ? null : now,
        };
        await trx.insertInto('refunds').values(row).execute();
        if (!reversal) await this.completed(trx, payment, row.amount);
        await recordAudit(trx, {
          adminId,
          action: reversal ? 'reversal' : 'refund',
          entity: 'refund',
          entityId: row.id,
          summary:
            `Ksh ${row.amount.toLocaleString('en-KE')} of payment ${payment.receipt ?? payment.id} ` +
            (reversal ? 'to be sent back by M-Pesa Reversal' : `sent back by hand (receipt ${receipt})`) +
            `: "${request.reason}"`,
        });
        return row;
      });
      if (!reversal) this.deps.kick?.();
    } catch (err) {
      // The same Idempotency-Key sent twice at once: the second meets the unique key and answers the first.
      if (idempotencyKey && isUniqueViolation(err)) {
        const earlier = await this.byKey(idempotencyKey);
        if (earlier) return this.repeat(earlier, paymentId);
      }
      throw err;
    }
    if (reversal) await this.send(refund.id);
    return this.deps.answer(paymentId);
  }

  /** Daraja's Reversal result (or its queue time-out): completes or fails the refund it names, once. */
  async receiveResult(
    raw: string,
    kind: 'result' | 'timeout',
  ): Promise<{ statusCode: number; body: unknown }> {
    const { db, log } = this.deps;
    const parsed = parseReversalResult(raw);
    const auditId = newId();
    await insertCallbackAudit(db, {
      id: auditId,
      received_at: nowIso(),
      source: kind === 'result' ? 'reversal-result' : 'reversal-timeout',
      checkout_request_id: parsed?.conversationId ?? null,
      raw_body: raw,
      trans_id: parsed?.transactionId ?? null,
      outcome: 'received',
    });
    if (!parsed) {
      await setCallbackOutcome(db, auditId, 'malformed');
      return { statusCode: 400, body: { ResultCode: 1, ResultDesc: 'Malformed result' } };
    }
    const outcome = await this.applyResult(parsed, kind);
    await setCallbackOutcome(db, auditId, outcome);
    log.info({ auditId, outcome }, 'M-Pesa reversal result');
    return { statusCode: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } };
  }

  /** Sends every Reversal that is due (never accepted, or timed out in Safaricom's queue). */
  async resumePending(): Promise<number> {
    const { db } = this.deps;
    const due = await db
      .selectFrom('refunds')
      .select('id')
      .where('state', '=', 'pending')
      .where('method', '=', 'mpesa-reversal')
      .where('conversation_id', 'is', null)
      .where('next_attempt_at', '<=', nowIso())
      .limit(20)
      .execute();
    for (const { id } of due) await this.send(id);
    return due.length;
  }

  /** Starts the background loop that resumes Reversals (after a time-out or a restart); answers a stop. */
  startResuming(): () => void {
    if (!this.deps.config.mpesa.reversal || this.deps.config.mpesa.mode === 'off') return () => {};
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      void this.resumePending()
        .catch((err: unknown) => this.deps.log.warn({ err }, 'resuming M-Pesa reversals failed'))
        .finally(() => {
          running = false;
        });
    };
    // At start-up at once: a Reversal written just before a restart is sent without waiting.
    const first = setTimeout(run, 0);
    const timer = setInterval(run, REVERSAL_RESUME_EVERY_MS);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  /**
   * Sends one pending Reversal, once per attempt across processes (a conditional update claims it). Accepted: it
   * waits for the result. Refused: it fails with Daraja's reason. No answer: it is sent again later.
   */
  private async send(refundId: string): Promise<void> {
    const { db, config, daraja, log } = this.deps;
    const now = Date.now();
    const claimed = await db
      .updateTable('refunds')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now + REVERSAL_RETRY_MS).toISOString(),
        updated_at: new Date(now).toISOString(),
      }))
      .where('id', '=', refundId)
      .where('state', '=', 'pending')
      .where('conversation_id', 'is', null)
      .where('next_attempt_at', '<=', new Date(now).toISOString())
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return;
    const payment = await findPayment(db, claimed.payment_id);
    if (!payment?.receipt) {
      await this.fail(refundId, 'The payment has no M-Pesa receipt to reverse');
      return;
    }
    try {
      const accepted = await daraja.reversal({
        receipt: payment.receipt,
        amount: claimed.amount,
        receiverParty: receiverOf(config, payment),
        remarks: 'Urembo refund',
        occasion: claimed.id.slice(0, 20),
      });
      await db
        .updateTable('refunds')
        .set({ conversation_id: accepted.originatorConversationId, updated_at: nowIso() })
        .where('id', '=', refundId)
        .where('state', '=', 'pending')
        .execute();
    } catch (err) {
      const refused = err instanceof DarajaError && err.kind === 'rejected';
      const reason = err instanceof Error ? err.message : String(err);
      log.warn({ refundId, reason, refused }, 'M-Pesa reversal request not accepted');
      if (refused) await this.fail(refundId, `M-Pesa refused the reversal: ${reason}`);
      else if (toCount(claimed.attempts) >= REVERSAL_MAX_ATTEMPTS) {
        await this.fail(refundId, `M-Pesa did not answer after ${REVERSAL_MAX_ATTEMPTS} tries: ${reason}`);
      }
    }
  }

  private async fail(refundId: string, failure: string): Promise<boolean> {
    const now = nowIso();
    const result = await this.deps.db
      .updateTable('refunds')
      .set({ state: 'failed', failure: failure.slice(0, 300), updated_at: now, completed_at: now })
      .where('id', '=', refundId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return toCount(result.numUpdatedRows) === 1;
  }

  private async applyResult(r: ReversalResult, kind: 'result' | 'timeout'): Promise<string> {
    const { db } = this.deps;
    if (!r.originatorConversationId) return 'unknown-conversation';
    const refund = await db
      .selectFrom('refunds')
      .selectAll()
      .where('conversation_id', '=', r.originatorConversationId)
      .executeTakeFirst();
    if (!refund) return 'unknown-conversation';
    if (refund.state !== 'pending') return 'duplicate';
    if (kind === 'timeout') {
      // Safaricom's queue gave up before processing it: send it again.
      await db
        .updateTable('refunds')
        .set({ conversation_id: null, next_attempt_at: nowIso(), updated_at: nowIso() })
        .where('id', '=', refund.id)
        .where('state', '=', 'pending')
        .execute();
      return 'requeued';
    }
    if (r.resultCode !== '0') {
      return (await this.fail(refund.id, r.resultDesc ?? `M-Pesa result ${r.resultCode}`))
        ? 'failed'
        : 'duplicate';
    }
    return db
      .transaction()
      .execute(async (trx) => {
        const now = nowIso();
        const done = await trx
          .updateTable('refunds')
          .set({ state: 'completed', receipt: r.transactionId, completed_at: now, updated_at: now })
          .where('id', '=', refund.id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (toCount(done.numUpdatedRows) !== 1) return 'duplicate';
        const payment = await lockPayment(trx, refund.payment_id);
        if (payment) await this.completed(trx, payment, refund.amount);
        return 'completed';
      })
      .then((outcome) => {
        if (outcome === 'completed') this.deps.kick?.();
        return outcome;
      });
  }

  /** A refund completed: the payment's refunded amount, the order's status and the customer's SMS. */
  private async completed(trx: Trx, payment: PaymentRow, amount: number): Promise<void> {
    await trx
      .updateTable('payments')
      .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount), updated_at: nowIso() }))
      .where('id', '=', payment.id)
      .execute();
    if (payment.order_id) await refundCompleted(trx, payment.order_id, amount);
  }

  private byKey(key: string): Promise<RefundRow | undefined> {
    return this.deps.db
      .selectFrom('refunds')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  private async repeat(earlier: RefundRow, paymentId: string): Promise<Payment> {
    if (earlier.payment_id !== paymentId) {
      throw conflict('This Idempotency-Key was already used for a refund of another payment');
    }
    return this.deps.answer(paymentId);
  }
}

export interface ReversalResult {
  originatorConversationId: string | null;
  conversationId: string | null;
  resultCode: string;
  resultDesc: string | null;
  transactionId: string | null;
}

/** Daraja's Reversal result: {Result: {ResultCode, ResultDesc, OriginatorConversationID, TransactionID, ...}}. */
export function parseReversalResult(raw: string): ReversalResult | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = pick(body, 'Result');
  const code = pick(result, 'ResultCode');
  if (typeof code !== 'number' && typeof code !== 'string') return null;
  const text = (key: string, max: number) => {
    const value = pick(result, key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
  };
  return {
    originatorConversationId: text('OriginatorConversationID', 100),
    conversationId: text('ConversationID', 100),
    resultCode: String(code).trim(),
    resultDesc: text('ResultDesc', 200),
    transactionId: text('TransactionID', 40)?.toUpperCase() ?? null,
  };
}

function pick(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}
