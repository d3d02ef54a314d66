import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import type { UserRow } from '../users';
import { recordEvent } from './activity';

export const SESSION_COOKIE = 'urembo_session';
const LAST_SEEN_RESOLUTION_MS = 3600 * 1000;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Sessions: a random 256-bit id in an HttpOnly cookie; the database keeps only its HMAC (keyed by SESSION_SECRET),
 * so a leaked table cannot be replayed as cookies. A session ends SESSION_MAX_DAYS after sign-in (`expires_at`), or
 * once unused for SESSION_IDLE_DAYS (an admin's: ADMIN_SESSION_IDLE_HOURS), counted from `last_seen_at`; deleted at
 * logout.
 */
export function hashSessionId(secret: string, id: string): string {
  return createHmac('sha256', secret).update(id).digest('hex');
}

export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  userAgent: string | undefined,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.sessions.maxMs);
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(config.sessionSecret, id),
      public_id: randomBytes(12).toString('base64url'),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { id, expiresAt };
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: { id: string; expiresAt: Date },
) {
  void reply.setCookie(SESSION_COOKIE, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

/** The user behind the request's session cookie, or null (no cookie, unknown, expired). */
export async function findSessionUser(
  db: Kysely<Database>,
  config: Config,
  request: FastifyRequest,
): Promise<{ user: UserRow; idHash: string; twoFactorOn: boolean } | null> {
  const id = request.cookies[SESSION_COOKIE];
  if (!id || id.length > 100) return null;
  const idHash = hashSessionId(config.sessionSecret, id);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('two_factor', 'two_factor.user_id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.expires_at as session_expires_at',
      'sessions.last_seen_at as session_last_seen_at',
      'two_factor.enabled_at as two_factor_enabled_at',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const idleMs = idleLimitMs(config, row.role);
  const lastSeen = Date.parse(row.session_last_seen_at);
  if (Date.parse(row.session_expires_at) <= now || lastSeen + idleMs <= now) {
    const ended = await db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst();
    // Two requests may find it ended at once: one records it.
    if (Number(ended.numDeletedRows) === 1) {
      await recordEvent(db, row.id, 'session-ended', {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    }
    return null;
  }
  if (now - lastSeen > lastSeenResolutionMs(idleMs)) {
    await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id_hash', '=', idHash).execute();
  }
  const {
    session_expires_at: _e,
    session_last_seen_at: _l,
    two_factor_enabled_at: twoFactorAt,
    ...user
  } = row;
  return { user, idHash, twoFactorOn: twoFactorAt !== null && twoFactorAt !== undefined };
}

/** How long a session of that role may go unused. */
export function idleLimitMs(config: Config, role: UserRow['role']): number {
  return role === 'admin' ? config.sessions.adminIdleMs : config.sessions.idleMs;
}

/**
 * last_seen_at is written at most this often (a write per request would cost every page view a database write): an
 * hour, or a twentieth of the idle limit when that is shorter, so a session never ends more than 5% early.
 */
function lastSeenResolutionMs(idleMs: number): number {
  return Math.min(LAST_SEEN_RESOLUTION_MS, idleMs / 20);
}

/** When an unused session ends: its last use plus the role's idle limit, or its absolute end if sooner. */
export function idleEndsAt(config: Config, role: UserRow['role'], session: SessionRow): string {
  const idleEnd = Date.parse(session.last_seen_at) + idleLimitMs(config, role);
  return new Date(Math.min(idleEnd, Date.parse(session.expires_at))).toISOString();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Every session of the user except the one with that hash (change password, "sign out everywhere else"). */
export async function deleteOtherSessions(
  db: Db,
  userId: string,
  keepIdHash: string | null,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepIdHash) query = query.where('id_hash', '!=', keepIdHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface SessionRow {
  id_hash: string;
  public_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

/** The user's sessions that have not ended (absolute or idle limit), the most recently seen first. */
export async function listUserSessions(db: Db, userId: string, idleMs: number): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id_hash', 'public_id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const now = Date.now();
  return rows.filter((row) => Date.parse(row.last_seen_at) + idleMs > now);
}

/**
 * Ends one of the user's own sessions by its public id. Answers the ended session's hash (so the caller can tell
 * whether it was its own), or null when the user has no such session.
 */
export async function deleteUserSession(db: Db, userId: string, publicId: string): Promise<string | null> {
  const row = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .returning('id_hash')
    .executeTakeFirst();
  return row?.id_hash ?? null;
}
