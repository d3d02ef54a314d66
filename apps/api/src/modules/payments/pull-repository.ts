import type { Db } from './repository';

/*
 * The Pull sweep's own state, in app_meta rows (key → JSON): what the last sweep did, the last Pull registration,
 * and the lease that lets one sweep run at a time across every process of the shop. The lease is taken and renewed
 * by compare-and-set on the row's text, which both SQLite and PostgreSQL make atomic.
 */

const STATE_KEY = 'mpesa-pull-state';
const REGISTRATION_KEY = 'mpesa-pull-registration';
const LEASE_KEY = 'mpesa-pull-lease';

export interface PullState {
  /** When the last sweep ran (ISO), whatever its result. */
  lastSweepAt: string | null;
  ok: boolean | null;
  lastResult: string | null;
  /** Payments the last sweep recorded that no confirmation had brought. */
  recovered: number;
  /** The end of the last window read in full (ISO): the next sweep starts a little before it. */
  windowEnd: string | null;
}

export interface PullRegistrationState {
  ok: boolean | null;
  message: string | null;
  at: string | null;
  /** What was registered (shortcode, number, URL): a result about other values says nothing about these. */
  target: string | null;
}

async function readJson(db: Db, key: string): Promise<Record<string, unknown> | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  try {
    const value: unknown = JSON.parse(row.value);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function writeJson(db: Db, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  const now = new Date().toISOString();
  await db
    .insertInto('app_meta')
    .values({ key, value: text, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
    .execute();
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

export async function readPullState(db: Db): Promise<PullState> {
  const v = (await readJson(db, STATE_KEY)) ?? {};
  return {
    lastSweepAt: text(v.lastSweepAt),
    ok: flag(v.ok),
    lastResult: text(v.lastResult),
    recovered: typeof v.recovered === 'number' && Number.isInteger(v.recovered) ? v.recovered : 0,
    windowEnd: text(v.windowEnd),
  };
}

export function savePullState(db: Db, state: PullState): Promise<void> {
  return writeJson(db, STATE_KEY, state);
}

export async function readPullRegistration(db: Db): Promise<PullRegistrationState> {
  const v = (await readJson(db, REGISTRATION_KEY)) ?? {};
  return { ok: flag(v.ok), message: text(v.message), at: text(v.at), target: text(v.target) };
}

export function savePullRegistration(db: Db, state: PullRegistrationState): Promise<void> {
  return writeJson(db, REGISTRATION_KEY, state);
}

/** The lease as last written by its holder; `text` is what a compare-and-set must find. */
export interface Lease {
  holder: string;
  text: string;
}

/**
 * Takes the sweep's lease for `holder` until `untilMs`, unless another holder's lease is still running. Answers the
 * lease (to renew and release) or null. Two processes trying at once: the row's text changes under one of them,
 * whose update then matches nothing.
 */
export async function takeLease(
  db: Db,
  holder: string,
  nowMs: number,
  untilMs: number,
): Promise<Lease | null> {
  await db
    .insertInto('app_meta')
    .values({ key: LEASE_KEY, value: JSON.stringify({ holder: null, until: 0 }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', LEASE_KEY).executeTakeFirst();
  if (!row) return null;
  let current: { holder?: unknown; until?: unknown } = {};
  try {
    current = JSON.parse(row.value) as typeof current;
  } catch {
    current = {};
  }
  const running =
    typeof current.holder === 'string' &&
    current.holder !== holder &&
    typeof current.until === 'number' &&
    current.until > nowMs;
  if (running) return null;
  return swapLease(db, row.value, holder, untilMs);
}

/** Extends a lease still held; null when it was lost (it ran out and another sweep took it). */
export function renewLease(db: Db, lease: Lease, untilMs: number): Promise<Lease | null> {
  return swapLease(db, lease.text, lease.holder, untilMs);
}

export async function releaseLease(db: Db, lease: Lease): Promise<void> {
  await db
    .updateTable('app_meta')
    .set({ value: JSON.stringify({ holder: null, until: 0 }) })
    .where('key', '=', LEASE_KEY)
    .where('value', '=', lease.text)
    .execute();
}

async function swapLease(db: Db, expected: string, holder: string, untilMs: number): Promise<Lease | null> {
  const next = JSON.stringify({ holder, until: untilMs });
  const result = await db
    .updateTable('app_meta')
    .set({ value: next, updated_at: new Date().toISOString() })
    .where('key', '=', LEASE_KEY)
    .where('value', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { holder, text: next } : null;
}

/**
 * Whether a receipt is already recorded in a way a confirmation would not change: any payment under it except a
 * typed receipt still waiting to be confirmed (which a confirmation completes).
 */
export async function receiptIsSettled(db: Db, receipt: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select(['source', 'state'])
    .where('receipt', '=', receipt)
    .executeTakeFirst();
  if (!row) return false;
  return !(row.source === 'user-mpesa-form' && row.state === 'pending');
}
