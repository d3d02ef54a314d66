import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PullSweep as PullSweepAnswer } from '@urembo/contract/payment-pull';
import { nairobiWallClock } from '@urembo/contract/nairobi-time';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { DarajaError, type DarajaClient } from './daraja-client';
import { parseC2b, type C2bOutcome, type PaybillService } from './paybill';
import {
  readPullRegistration,
  readPullState,
  receiptIsSettled,
  releaseLease,
  renewLease,
  savePullRegistration,
  savePullState,
  takeLease,
  type Lease,
  type PullState,
} from './pull-repository';

/*
 * Pull Transactions: Safaricom keeps the paybill's payments of the last 48 hours and answers them on request. Every
 * MPESA_PULL_SWEEP_MINUTES (and on the admin's button) the shop reads the payments since its last sweep, with a few
 * minutes of overlap, page by page, and hands each one it has not recorded to the paybill's confirmation path: a
 * confirmation Safaricom never delivered (the shop was down, the network dropped it) is recovered, and one that did
 * arrive, or arrives while the sweep runs, counts once (the receipt is unique). A sweep reads every page before it
 * records anything: a time-out or an answer it cannot read changes nothing and is kept as the last result.
 */

const REGISTER_PATH = '/pulltransactions/v1/register';
const QUERY_PATH = '/pulltransactions/v1/query';
/** Safaricom keeps 48 hours; a minute less, so a slow clock never asks for what it no longer has. */
const MAX_LOOKBACK_MS = 48 * 3_600_000 - 60_000;
/** Each window starts this long before the last one ended: payments Safaricom filed a little late are still read. */
export const PULL_OVERLAP_MS = 5 * 60_000;
/** Daraja answers at most this many transactions; fewer means the last page. */
export const PULL_PAGE_SIZE = 100;
/** 20,000 payments in a window is not a small shop's paybill: an answer that never ends is refused. */
const MAX_PAGES = 200;
const C2B_TYPES = new Set(['c2b-pay-bill-debit', 'c2b-buy-goods-debit']);
/** Outcomes that recorded money the shop had not recorded before. */
const RECOVERED: ReadonlySet<C2bOutcome> = new Set([
  'credited',
  'unmatched',
  'refund',
  'typed-receipt-confirmed',
]);

/** `YYYY-MM-DD HH:mm:ss` in Nairobi time, as Pull's StartDate and EndDate. */
export function pullTime(ms: number): string {
  return nairobiWallClock(new Date(ms)).toISOString().slice(0, 19).replace('T', ' ');
}

/** An answer the sweep cannot use: the whole sweep changes nothing. */
class PullAnswerError extends Error {}

/** One page of Pull's answer: the transactions (objects) it lists; throws when the answer is not one. */
export function readPullPage(body: unknown): Record<string, unknown>[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new PullAnswerError('Safaricom answered the Pull query with something unreadable');
  }
  const b = body as Record<string, unknown>;
  const code = typeof b.ResponseCode === 'number' ? String(b.ResponseCode) : b.ResponseCode;
  if (code !== '1000') {
    const message = typeof b.ResponseMessage === 'string' ? b.ResponseMessage.slice(0, 200) : null;
    throw new PullAnswerError(
      code === undefined
        ? 'Safaricom answered the Pull query without a ResponseCode'
        : `Safaricom refused the Pull query (${String(code).slice(0, 20)}${message ? `: ${message}` : ''})`,
    );
  }
  const response = b.Response;
  if (!Array.isArray(response))
    throw new PullAnswerError('Safaricom answered the Pull query without a Response list');
  // Documented as a list inside a list ([[...]], [[]] when empty); a flat list is read too.
  const entries = response.flatMap((item: unknown) => (Array.isArray(item) ? (item as unknown[]) : [item]));
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new PullAnswerError('Safaricom answered the Pull query with a transaction that is not one');
    }
  }
  return entries as Record<string, unknown>[];
}

/** A Pull transaction in the C2B confirmation's words (the paybill's parser applies its one set of rules). */
function asConfirmationBody(entry: Record<string, unknown>, shortcode: string): string {
  return JSON.stringify({
    TransactionType: entry.transactiontype,
    TransID: entry.transactionId,
    TransTime: entry.trxDate,
    TransAmount: entry.amount,
    BusinessShortCode: shortcode,
    BillRefNumber: entry.billreference ?? '',
    MSISDN: entry.msisdn ?? '',
    FirstName: entry.sender ?? '',
  });
}

export interface PullSweepDeps {
  db: Kysely<Database>;
  config: Config;
  daraja: DarajaClient;
  paybill: PaybillService;
  log: FastifyBaseLogger;
}

export class PullSweep {
  /** What a registration registered: a result about other values says nothing about the current ones. */
  private readonly target: string | null;

  constructor(private readonly deps: PullSweepDeps) {
    const { c2b, pull } = deps.config.mpesa;
    this.target = c2b && pull ? `${c2b.shortcode} ${pull.nominatedNumber} ${pull.callbackUrl}` : null;
  }

  private get settings() {
    const { mpesa } = this.deps.config;
    return mpesa.mode !== 'off' && mpesa.c2b && mpesa.pull ? { c2b: mpesa.c2b, pull: mpesa.pull } : null;
  }

  /** How long a sweep holds its lease between pages: every call may take the whole time-out, and more. */
  private get leaseMs(): number {
    return Math.max(60_000, 4 * this.deps.config.mpesa.timeoutMs);
  }

  async status(): Promise<PullSweepAnswer> {
    const { db, config } = this.deps;
    const [state, registration] = await Promise.all([readPullState(db), readPullRegistration(db)]);
    const current = !registration.target || registration.target === this.target;
    return {
      configured: this.settings !== null,
      lastSweepAt: state.lastSweepAt,
      lastResult: state.lastResult,
      ok: state.ok,
      recovered: state.recovered,
      sweepMinutes: config.mpesa.pull ? config.mpesa.pull.sweepMs / 60_000 : 0,
      registration: {
        ok: current ? registration.ok : null,
        message: current ? registration.message : null,
        at: current ? registration.at : null,
      },
    };
  }

  /** Registers the shortcode for Pull (harmless when done before); the result is kept for the admin. */
  async register(): Promise<boolean> {
    const { db, daraja, log } = this.deps;
    const settings = this.settings;
    if (!settings) return false;
    const at = new Date().toISOString();
    try {
      const body = await daraja.post(REGISTER_PATH, {
        ShortCode: settings.c2b.shortcode,
        RequestType: 'Pull',
        NominatedNumber: settings.pull.nominatedNumber,
        CallBackURL: settings.pull.callbackUrl,
      });
      const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const status = b.ResponseStatus === undefined ? undefined : String(b.ResponseStatus);
      const description =
        typeof b.ResponseDescription === 'string' ? b.ResponseDescription.slice(0, 200) : '';
      if (status !== '1000') {
        throw new DarajaError(
          'rejected',
          `Safaricom refused the Pull registration (${status ?? 'no ResponseStatus'}${description ? `: ${description}` : ''})`,
        );
      }
      await savePullRegistration(db, {
        ok: true,
        message: description || 'Registered',
        at,
        target: this.target,
      });
      log.info({ shortcode: settings.c2b.shortcode }, 'M-Pesa Pull Transactions registered');
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await savePullRegistration(db, { ok: false, message, at, target: this.target });
      log.warn(
        { shortcode: settings.c2b.shortcode, msg: message },
        'M-Pesa Pull Transactions registration failed',
      );
      return false;
    }
  }

  /**
   * One sweep now. `busy`: another sweep holds the lease (on this process or another). A timer's sweep also stands
   * aside when another process swept recently.
   */
  async run(trigger: 'timer' | 'admin'): Promise<PullSweepAnswer | 'busy' | 'off'> {
    const { db, log } = this.deps;
    const settings = this.settings;
    if (!settings) return 'off';
    const taken = await takeLease(db, newId(), Date.now(), Date.now() + this.leaseMs);
    if (!taken) return 'busy';
    // Renewed before each page: what is released at the end is the latest.
    const lease = { current: taken as Lease | null };
    try {
      const state = await readPullState(db);
      const started = Date.now();
      if (trigger === 'timer' && state.lastSweepAt) {
        const since = started - Date.parse(state.lastSweepAt);
        if (since >= 0 && since < settings.pull.sweepMs * 0.9) return this.status();
      }
      const end = started;
      const floor = end - MAX_LOOKBACK_MS;
      const lastEnd = state.windowEnd ? Date.parse(state.windowEnd) : NaN;
      const start = Number.isFinite(lastEnd)
        ? Math.min(end, Math.max(floor, lastEnd - PULL_OVERLAP_MS))
        : floor;
      let next: PullState;
      try {
        const registration = await readPullRegistration(db);
        if (!(registration.ok && registration.target === this.target) && !(await this.register())) {
          throw new PullAnswerError(
            (await readPullRegistration(db)).message ?? 'Safaricom refused the Pull registration',
          );
        }
        const { entries, pages } = await this.readWindow(settings.c2b.shortcode, start, end, lease);
        const counts = await this.record(entries, settings.c2b.shortcode);
        next = {
          lastSweepAt: new Date(started).toISOString(),
          ok: true,
          lastResult: describe(entries.length, pages, counts, start, end),
          recovered: counts.recovered,
          windowEnd: new Date(end).toISOString(),
        };
        log[counts.recovered > 0 ? 'warn' : 'info'](
          { ...counts, read: entries.length, pages, trigger },
          'M-Pesa Pull sweep',
        );
      } catch (err) {
        if (!(err instanceof DarajaError || err instanceof PullAnswerError)) throw err;
        next = {
          ...state,
          lastSweepAt: new Date(started).toISOString(),
          ok: false,
          lastResult: `Nothing changed: ${err.message}`,
          recovered: 0,
        };
        log.warn({ msg: err.message, trigger }, 'M-Pesa Pull sweep failed; nothing changed');
      }
      await savePullState(db, next);
      return this.status();
    } finally {
      if (lease.current) await releaseLease(db, lease.current).catch(() => undefined);
    }
  }

  /** Every page of the window, before anything is recorded; the lease is renewed before each call. */
  private async readWindow(
    shortcode: string,
    start: number,
    end: number,
    lease: { current: Lease | null },
  ): Promise<{ entries: Record<string, unknown>[]; pages: number }> {
    const { db, daraja } = this.deps;
    const entries: Record<string, unknown>[] = [];
    for (let pages = 1; pages <= MAX_PAGES; pages += 1) {
      lease.current = lease.current && (await renewLease(db, lease.current, Date.now() + this.leaseMs));
      if (!lease.current) throw new PullAnswerError('The sweep took too long and another one took over');
      const page = readPullPage(
        await daraja.post(QUERY_PATH, {
          ShortCode: shortcode,
          StartDate: pullTime(start),
          EndDate: pullTime(end),
          OffSetValue: String(entries.length),
        }),
      );
      entries.push(...page);
      if (page.length < PULL_PAGE_SIZE) return { entries, pages };
    }
    throw new PullAnswerError(`Safaricom's answer did not end after ${MAX_PAGES} pages`);
  }

  /** Each transaction not recorded yet goes through the paybill's confirmation path. */
  private async record(entries: Record<string, unknown>[], shortcode: string) {
    const counts = { recovered: 0, known: 0, skipped: 0, unreadable: 0 };
    const seen = new Set<string>();
    for (const entry of entries) {
      if (!C2B_TYPES.has(String(entry.transactiontype))) {
        counts.skipped += 1;
        continue;
      }
      const parsed = parseC2b(asConfirmationBody(entry, shortcode));
      if (parsed && (seen.has(parsed.transId) || (await receiptIsSettled(this.deps.db, parsed.transId)))) {
        counts.known += 1;
        continue;
      }
      if (parsed) seen.add(parsed.transId);
      const outcome = await this.deps.paybill.receiveReported(
        'pull-transaction',
        JSON.stringify(entry),
        parsed,
      );
      if (!parsed) counts.unreadable += 1;
      else if (RECOVERED.has(outcome)) counts.recovered += 1;
      else counts.known += 1;
    }
    return counts;
  }

  /**
   * At start-up: registers for Pull (retrying with back-off, 1 s doubling to 10 min, while Daraja is down), then
   * sweeps once and every MPESA_PULL_SWEEP_MINUTES. Answers a function that stops it all.
   */
  start(): () => void {
    const { log } = this.deps;
    const settings = this.settings;
    if (!settings) return () => {};
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const later = (ms: number, work: () => Promise<void>) => {
      if (stopped) return;
      timer = setTimeout(() => void work(), ms);
      timer.unref();
    };
    const sweep = async () => {
      await this.run('timer').catch((err: unknown) => log.error({ err }, 'M-Pesa Pull sweep crashed'));
      later(settings.pull.sweepMs, sweep);
    };
    let delay = 1_000;
    const register = async () => {
      const ok = await this.register().catch(() => false);
      if (ok) {
        if (settings.pull.sweepMs > 0) later(0, sweep);
        return;
      }
      later(delay, register);
      delay = Math.min(delay * 2, 10 * 60_000);
    };
    later(0, register);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }

  /** The admin's button: a sweep now, or why not. */
  async runNow(): Promise<PullSweepAnswer> {
    const result = await this.run('admin');
    if (result === 'off') {
      throw conflict(
        'Pull Transactions is not set up: it needs the Daraja credentials, MPESA_C2B_SHORTCODE and MPESA_PULL_NOMINATED_NUMBER',
      );
    }
    if (result === 'busy') {
      throw conflict('A Pull sweep is already running. Try again in a minute to see its result.');
    }
    return result;
  }
}

function describe(
  read: number,
  pages: number,
  counts: { recovered: number; known: number; skipped: number; unreadable: number },
  start: number,
  end: number,
): string {
  const parts = [`${counts.recovered} recovered`, `${counts.known} already recorded`];
  if (counts.skipped) parts.push(`${counts.skipped} not paybill payments`);
  if (counts.unreadable) parts.push(`${counts.unreadable} unreadable (kept for audit)`);
  const window = `${pullTime(start)} to ${pullTime(end)} Nairobi time`;
  return `Read ${read} transaction${read === 1 ? '' : 's'} (${pages} page${pages === 1 ? '' : 's'}, ${window}): ${parts.join(', ')}`;
}
