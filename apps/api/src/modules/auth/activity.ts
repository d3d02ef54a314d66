import type { Kysely, Transaction } from 'kysely';
import type { Database, SecurityEvent } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { newId } from '../../lib/ids';

type Db = Kysely<Database> | Transaction<Database>;

/** How many events the owner sees (GET /auth/activity). */
export const ACTIVITY_SHOWN = 50;

export interface EventMeta {
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
}

/** Records what happened to an account, in the caller's transaction when it has one. */
export async function recordEvent(db: Db, userId: string, event: SecurityEvent, meta: EventMeta = {}) {
  await db
    .insertInto('security_events')
    .values({
      id: newId(),
      user_id: userId,
      at: nowIso(),
      event,
      device: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip?.slice(0, 64) ?? null,
    })
    .execute();
}

export function listEvents(db: Db, userId: string, limit = ACTIVITY_SHOWN) {
  return db
    .selectFrom('security_events')
    .select(['at', 'event', 'device', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether the account has signed in from this browser (the same user agent) before. */
export async function knownDevice(db: Db, userId: string, userAgent: string | undefined): Promise<boolean> {
  const device = userAgent?.slice(0, 300) ?? null;
  let query = db
    .selectFrom('security_events')
    .select('id')
    .where('user_id', '=', userId)
    .where('event', '=', 'signin');
  query = device === null ? query.where('device', 'is', null) : query.where('device', '=', device);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** A notice about the account, queued for the message queue (auth/notices.ts sends it). */
export async function queueNotice(
  db: Db,
  notice: { userId: string; channel: 'email' | 'sms'; sentTo: string; subject: string; body: string },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('account_notices')
    .values({
      id: newId(),
      user_id: notice.userId,
      channel: notice.channel,
      sent_to: notice.sentTo,
      subject: notice.subject,
      body: notice.body,
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      message: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}

/** "Chrome on Android", "Safari on iPhone": enough for a person to recognise a device in a notice. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser/, 'Samsung Internet'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|CriOS/, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? null;
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone/, 'iPhone'],
      [/iPad/, 'iPad'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'Mac'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? null;
  if (browser && system) return `${String(browser)} on ${String(system)}`;
  return String(browser ?? system ?? 'an unknown browser');
}
