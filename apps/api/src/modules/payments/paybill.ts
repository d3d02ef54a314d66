import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { C2bRegistration } from '@urembo/contract/payments';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso } from '../../db/sql-values';
import { newId } from '../../lib/ids';
import { recordAudit } from '../audit';
import { normalizeReference } from '../orders';
import { creditNew, creditPending, holdNew } from './ledger';
import type { DarajaClient } from './daraja-client';
import {
  findOrderIdByReference,
  findPaymentByReceipt,
  findPaymentByStatusQuery,
  insertCallbackAudit,
  setCallbackOutcome,
  setVerification,
} from './repository';

/*
 * Paybill (C2B) settlement and typed receipts checked with Daraja's Transaction Status API.
 * Every body Safaricom sends is stored raw first (mpesa_callbacks), then applied in one transaction; the one
 * settlement rule (orders/settlement.ts) decides whether an order is paid.
 */

export const C2B_CHANNEL = 'M-Pesa Paybill';
/** Receipts (TransID) are 10 letters and digits today; a little room either way, never free text. */
const TRANS_ID = /^[A-Z0-9]{6,20}$/;
const REGISTRATION_KEY = 'mpesa-c2b-registration';

export interface C2bConfirmation {
  transId: string;
  amount: number;
  shortcode: string;
  billRef: string;
  msisdn: string | null;
  fullName: string;
}

export type C2bOutcome =
  | 'credited'
  | 'unmatched'
  | 'refund'
  | 'typed-receipt-confirmed'
  | 'receipt-conflict'
  | 'duplicate'
  | 'other-shortcode'
  | 'malformed';

/** Safaricom's C2B body (confirmation or validation); null when it is not one. */
export function parseC2b(raw: string): C2bConfirmation | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const text = (key: string, max = 100): string =>
    typeof b[key] === 'string' || typeof b[key] === 'number' ? String(b[key]).trim().slice(0, max) : '';
  const transId = text('TransID', 40).toUpperCase();
  const amountText = text('TransAmount', 20);
  const amount = /^\d+(\.\d{1,2})?$/.test(amountText) ? Number(amountText) : NaN;
  const shortcode = text('BusinessShortCode', 20);
  if (
    !TRANS_ID.test(transId) ||
    !Number.isFinite(amount) ||
    amount < 1 ||
    amount > 10_000_000 ||
    !shortcode
  ) {
    return null;
  }
  const names = ['FirstName', 'MiddleName', 'LastName'].map((k) => text(k, 40)).filter(Boolean);
  return {
    transId,
    // Whole shillings received, never more: "123.00" is 123 and "99.50" is 99.
    amount: Math.floor(amount),
    shortcode,
    billRef: text('BillRefNumber', 40),
    msisdn: text('MSISDN', 64) || null,
    fullName: names.join(' ') || 'M-Pesa customer',
  };
}

export interface StatusResult {
  originatorConversationId: string | null;
  resultCode: string;
  resultDesc: string | null;
  receipt: string | null;
  amount: number | null;
  transactionStatus: string | null;
  creditPartyName: string | null;
}

/** Daraja's Transaction Status Result: {Result: {ResultCode, ResultDesc, OriginatorConversationID, ResultParameters}}. */
export function parseStatusResult(raw: string): StatusResult | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = pick(body, 'Result');
  const code = pick(result, 'ResultCode');
  if (typeof code !== 'number' && typeof code !== 'string') return null;
  const params = pick(pick(result, 'ResultParameters'), 'ResultParameter');
  const list = Array.isArray(params) ? params : params ? [params] : [];
  const param = (key: string): string | null => {
    const value = pick(
      list.find((p) => pick(p, 'Key') === key),
      'Value',
    );
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;
  };
  const amountText = param('Amount');
  const amount =
    amountText !== null && /^\d+(\.\d+)?$/.test(amountText) ? Math.round(Number(amountText)) : null;
  const id = pick(result, 'OriginatorConversationID');
  const desc = pick(result, 'ResultDesc');
  return {
    originatorConversationId: typeof id === 'string' ? id : null,
    resultCode: String(code),
    resultDesc: typeof desc === 'string' ? desc.slice(0, 200) : null,
    receipt: param('ReceiptNo')?.toUpperCase() ?? null,
    amount,
    transactionStatus: param('TransactionStatus'),
    creditPartyName: param('CreditPartyName'),
  };
}

function pick(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

type Trx = Transaction<Database>;

/**
 * Money Safaricom confirmed under a receipt, for an order (or none yet). One receipt, one credit: a typed receipt
 * still pending becomes this payment (Safaricom's amount counts); a receipt already credited elsewhere is held as
 * reused and pays nothing; everything else goes through the ledger's one credit step.
 */
async function creditConfirmed(trx: Trx, c: C2bConfirmation, orderId: string | null): Promise<C2bOutcome> {
  const now = nowIso();
  const existing = await findPaymentByReceipt(trx, c.transId);
  if (existing?.source === 'mpesa-c2b') return 'duplicate';
  // A paybill with registered URLs also confirms the STK payments made to it (BillRefNumber = the prompt's
  // AccountReference): the same TransID, already credited to that order, is the same money, not a conflict.
  if (
    existing &&
    existing.state === 'completed' &&
    existing.amount === c.amount &&
    (orderId === null || existing.order_id === orderId)
  ) {
    return 'duplicate';
  }
  if (existing && existing.source === 'user-mpesa-form' && existing.state === 'pending') {
    const outcome = await creditPending(trx, existing, {
      amount: c.amount,
      orderId,
      verification: 'confirmed',
      account: c.billRef,
    });
    if (outcome === 'raced') return 'duplicate';
    return outcome === 'refund-due' ? 'refund' : 'typed-receipt-confirmed';
  }
  const row = {
    id: newId(),
    source: 'mpesa-c2b' as const,
    order_id: orderId,
    user_id: null,
    stk_request_id: null,
    full_name: c.fullName,
    amount: c.amount,
    channel: C2B_CHANNEL,
    receipt: existing ? null : c.transId,
    phone: c.msisdn,
    created_at: now,
    updated_at: now,
    account: c.billRef,
    note: existing ? `Receipt ${c.transId} was already credited (payment ${existing.id})` : null,
    verification: null,
    status_query_id: null,
  };
  if (existing) {
    await holdNew(trx, row, 'receipt-reused', 'conflict');
    return 'receipt-conflict';
  }
  const { outcome } = await creditNew(trx, row);
  if (outcome === 'refund-due') return 'refund';
  return outcome === 'unmatched' ? 'unmatched' : 'credited';
}

export interface PaybillDeps {
  db: Kysely<Database>;
  config: Config;
  daraja: DarajaClient;
  log: FastifyBaseLogger;
}

/**
 * The paybill's money: Safaricom's C2B confirmations and validations, Transaction Status results about typed
 * receipts, and the registration of the paybill's URLs with Daraja (kept for the admin, retried at start-up).
 */
export class PaybillService {
  /** What a registration registered: a restart with the same target need not register again. */
  private readonly target: string | null;

  constructor(private readonly deps: PaybillDeps) {
    const c2b = deps.config.mpesa.c2b;
    this.target = c2b ? `${c2b.shortcode} ${c2b.confirmationUrl} ${c2b.validationUrl}` : null;
  }

  private get c2b() {
    return this.deps.config.mpesa.c2b;
  }

  /** C2B confirmation: 200 {ResultCode: 0, ResultDesc: "Accepted"} once stored; bad JSON → 400. */
  async receiveConfirmation(raw: string): Promise<{ statusCode: number; body: unknown }> {
    const { db, log } = this.deps;
    const parsed = parseC2b(raw);
    const auditId = await this.audit('c2b-confirmation', raw, parsed?.transId ?? null);
    if (!parsed) {
      await setCallbackOutcome(db, auditId, 'malformed');
      log.warn({ auditId }, 'malformed paybill confirmation stored for audit');
      return { statusCode: 400, body: { ResultCode: 1, ResultDesc: 'Malformed confirmation' } };
    }
    const outcome = await this.applyConfirmation(parsed);
    await setCallbackOutcome(db, auditId, outcome);
    const level = ['credited', 'typed-receipt-confirmed', 'duplicate'].includes(outcome) ? 'info' : 'warn';
    log[level]({ auditId, transId: parsed.transId, outcome }, 'M-Pesa paybill confirmation');
    return { statusCode: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } };
  }

  /**
   * C2B validation (only when Safaricom enabled external validation for the shortcode): always accepted, since a
   * payment whose account matches no order is kept as unmatched rather than refused at the customer's phone.
   */
  async receiveValidation(raw: string): Promise<{ statusCode: number; body: unknown }> {
    const { db } = this.deps;
    const parsed = parseC2b(raw);
    const auditId = await this.audit('c2b-validation', raw, parsed?.transId ?? null);
    if (!parsed) {
      await setCallbackOutcome(db, auditId, 'malformed');
      return { statusCode: 400, body: { ResultCode: 'C2B00016', ResultDesc: 'Rejected' } };
    }
    await setCallbackOutcome(db, auditId, 'accepted');
    return { statusCode: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } };
  }

  /** The asynchronous Transaction Status result (or its queue time-out) about a typed receipt. */
  async receiveStatusResult(
    raw: string,
    kind: 'result' | 'timeout',
  ): Promise<{ statusCode: number; body: unknown }> {
    const { db, log } = this.deps;
    const parsed = parseStatusResult(raw);
    const auditId = await this.audit(
      kind === 'result' ? 'status-result' : 'status-timeout',
      raw,
      parsed?.receipt ?? null,
    );
    if (!parsed) {
      await setCallbackOutcome(db, auditId, 'malformed');
      return { statusCode: 400, body: { ResultCode: 1, ResultDesc: 'Malformed result' } };
    }
    const outcome = kind === 'timeout' ? 'timeout' : await this.applyStatusResult(parsed);
    await setCallbackOutcome(db, auditId, outcome);
    log.info({ auditId, outcome }, 'M-Pesa transaction status result');
    return { statusCode: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } };
  }

  async applyStatusResult(r: StatusResult): Promise<string> {
    const c2b = this.c2b;
    if (!r.originatorConversationId) return 'unknown-query';
    return this.deps.db.transaction().execute(async (trx) => {
      const payment = await findPaymentByStatusQuery(trx, r.originatorConversationId!);
      if (!payment) return 'unknown-query';
      if (payment.state !== 'pending' || payment.verification !== 'checking') return 'duplicate';
      const ours =
        !!c2b &&
        r.resultCode === '0' &&
        r.transactionStatus?.toLowerCase() === 'completed' &&
        r.receipt === payment.receipt &&
        r.amount !== null &&
        r.amount > 0 &&
        (r.creditPartyName ?? '').trim().startsWith(c2b.shortcode);
      if (!ours) {
        await setVerification(trx, payment.id, 'unknown', undefined, nowIso());
        return r.resultCode === '0' ? 'not-ours' : 'unknown-receipt';
      }
      const outcome = await creditPending(trx, payment, { amount: r.amount!, verification: 'confirmed' });
      if (outcome === 'raced') return 'duplicate';
      return outcome === 'refund-due' ? 'refund' : 'confirmed';
    });
  }

  /** Asks Safaricom about a typed receipt; the payment stays pending ("checking") until the result comes. */
  async checkReceipt(paymentId: string, receipt: string): Promise<void> {
    const { db, config, daraja, log } = this.deps;
    if (!this.c2b?.initiator || config.mpesa.mode === 'off') return;
    try {
      const accepted = await daraja.transactionStatus(receipt, 'Order payment check');
      await setVerification(db, paymentId, 'checking', accepted.originatorConversationId, nowIso());
    } catch (err) {
      log.warn({ err, paymentId }, 'M-Pesa transaction status query failed; the payment waits for an admin');
    }
  }

  async registration(): Promise<C2bRegistration> {
    const { db, config } = this.deps;
    const c2b = this.c2b;
    const row = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', REGISTRATION_KEY)
      .executeTakeFirst();
    let last: { ok?: boolean; message?: string; at?: string; target?: string } = {};
    try {
      last = row ? (JSON.parse(row.value) as typeof last) : {};
    } catch {
      last = {};
    }
    // A result about other URLs (the secret or PUBLIC_URL changed) says nothing about the current ones.
    const current = !last.target || last.target === this.target;
    return {
      configured: !!c2b && config.mpesa.mode !== 'off',
      shortcode: c2b?.shortcode ?? null,
      ok: current ? (last.ok ?? null) : null,
      message: last.message ?? null,
      at: last.at ?? null,
    };
  }

  /** Registers the confirmation and validation URLs with Daraja; the result is kept for the admin. */
  /** Registers the paybill's URLs with Safaricom; `adminId`: an admin asked, and the audit log says so. */
  async registerUrls(adminId?: string): Promise<C2bRegistration> {
    const { config, daraja, log } = this.deps;
    const c2b = this.c2b;
    if (!c2b || config.mpesa.mode === 'off') {
      await this.saveRegistration({
        ok: false,
        message: 'No paybill is configured (MPESA_C2B_SHORTCODE and Daraja credentials)',
      });
      return this.registration();
    }
    let outcome: string;
    try {
      const description = await daraja.registerC2bUrls();
      await this.saveRegistration({ ok: true, message: description });
      log.info({ shortcode: c2b.shortcode }, 'M-Pesa paybill URLs registered');
      outcome = 'Paybill URLs registered with Safaricom';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await this.saveRegistration({ ok: false, message });
      log.warn({ shortcode: c2b.shortcode, msg: message }, 'M-Pesa paybill URL registration failed');
      outcome = `Paybill URL registration failed: ${message}`;
    }
    // Safaricom's settings changed (or were asked to): not in the shop's database, so the entry has its own write.
    if (adminId) {
      await this.deps.db.transaction().execute((trx) =>
        recordAudit(trx, {
          adminId,
          action: 'register-urls',
          entity: 'setting',
          entityId: c2b.shortcode,
          summary: outcome,
        }),
      );
    }
    return this.registration();
  }

  /**
   * At start-up: registers in the background, retrying with back-off (1 s doubling to 10 min) while Daraja is
   * down, never blocking start-up. Answers a function that stops retrying.
   */
  startRegistration(): () => void {
    const { config } = this.deps;
    if (!this.c2b || config.mpesa.mode === 'off') return () => {};
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let delay = 1_000;
    const attempt = async () => {
      if (stopped) return;
      // Safaricom keeps production registrations and may refuse to repeat one: after a restart (or on a second
      // process) with the same URLs, there is nothing to do. The simulator forgets on restart: always register.
      if (config.mpesa.mode === 'daraja') {
        const known = await this.registration().catch(() => null);
        if (known?.ok) return;
      }
      const state = await this.registerUrls().catch(() => null);
      if (stopped || state?.ok) return;
      timer = setTimeout(() => void attempt(), delay);
      timer.unref();
      delay = Math.min(delay * 2, 10 * 60_000);
    };
    timer = setTimeout(() => void attempt(), 0);
    timer.unref();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }

  /**
   * A paybill payment Safaricom reported another way (the Pull sweep): stored raw under its own source, then the
   * very path of a confirmation (same matching, same idempotency on the TransID). Null: unreadable, audited only.
   */
  async receiveReported(
    source: 'pull-transaction',
    raw: string,
    c: C2bConfirmation | null,
  ): Promise<C2bOutcome> {
    const auditId = await this.audit(source, raw, c?.transId ?? null);
    const outcome = c ? await this.applyConfirmation(c) : 'malformed';
    await setCallbackOutcome(this.deps.db, auditId, outcome);
    return outcome;
  }

  private async audit(
    source: 'c2b-confirmation' | 'c2b-validation' | 'status-result' | 'status-timeout' | 'pull-transaction',
    raw: string,
    transId: string | null,
  ) {
    const id = newId();
    await insertCallbackAudit(this.deps.db, {
      id,
      received_at: nowIso(),
      source,
      checkout_request_id: null,
      trans_id: transId,
      raw_body: raw,
      outcome: 'received',
    });
    return id;
  }

  private async applyConfirmation(c: C2bConfirmation): Promise<C2bOutcome> {
    const { db } = this.deps;
    const c2b = this.c2b;
    if (!c2b || c.shortcode !== c2b.shortcode) return 'other-shortcode';
    const reference = normalizeReference(c.billRef);
    const order = reference ? await findOrderIdByReference(db, reference) : undefined;
    try {
      return await db.transaction().execute((trx) => creditConfirmed(trx, c, order?.id ?? null));
    } catch (err) {
      // Five identical confirmations at once: the unique receipt lets one in.
      if (isUniqueViolation(err)) return 'duplicate';
      throw err;
    }
  }

  private async saveRegistration(state: { ok: boolean; message: string }): Promise<void> {
    const value = JSON.stringify({ ...state, target: this.target, at: nowIso() });
    await this.deps.db
      .insertInto('app_meta')
      .values({ key: REGISTRATION_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
