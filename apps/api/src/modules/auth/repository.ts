import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuthTokenPurpose, AuthTokensTable, Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { NOT_SENT_YET } from './secrets';

export type AuthTokenRow = Selectable<AuthTokensTable>;
type Db = Kysely<Database> | Transaction<Database>;

export async function insertAuthToken(db: Db, row: AuthTokenRow): Promise<void> {
  await db.insertInto('auth_tokens').values(row).execute();
}

/** The newest token of that purpose for the user (used or not), for cool-downs and verification. */
export function findLatestToken(
  db: Db,
  userId: string,
  purpose: AuthTokenPurpose,
): Promise<AuthTokenRow | undefined> {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findTokenByHash(
  db: Db,
  purpose: AuthTokenPurpose,
  tokenHash: string,
): Promise<AuthTokenRow | undefined> {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Counts one try on an unused code, atomically and only while it has tries left; false when the code is already
 * used or burnt (so parallel guesses cannot get past the limit).
 */
export async function countAttempt(db: Db, tokenId: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a token used; false when another request used it first. */
export async function markTokenUsed(db: Db, tokenId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteToken(db: Db, tokenId: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
}

/** Retires every other unused token of that purpose (only the newest code or link works). */
export async function retireOtherTokens(
  db: Db,
  userId: string,
  purpose: AuthTokenPurpose,
  keepId: string | null,
  at: string,
): Promise<void> {
  let query = db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** Old rows serve no purpose once expired and past the longest cool-down; dropped now and then. */
export async function deleteExpiredTokens(db: Db, before: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('expires_at', '<', before).execute();
}

/** A mail waiting in the queue, with its token and who it is for. */
export interface DueAccountMail {
  id: string;
  attempts: number;
  token_id: string;
  user_id: string;
  purpose: AuthTokenPurpose;
  sent_to: string;
  expires_at: string;
  used_at: string | null;
  full_name: string;
  /** The account's language: the mail or SMS is written in it. */
  language: 'en' | 'sw';
}

/**
 * Queues a mail carrying a new code or link: its auth_tokens row (no secret yet: the mail makes it) and its queue
 * row, in the caller's transaction.
 */
export async function queueAccountMail(
  db: Db,
  token: { userId: string; purpose: AuthTokenPurpose; sentTo: string; ttlMinutes: number },
): Promise<void> {
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const tokenId = newId();
  await insertAuthToken(db, {
    id: tokenId,
    user_id: token.userId,
    purpose: token.purpose,
    token_hash: NOT_SENT_YET,
    sent_to: token.sentTo,
    attempts: 0,
    created_at: createdAt,
    expires_at: new Date(now + token.ttlMinutes * 60_000).toISOString(),
    used_at: null,
  });
  await db
    .insertInto('account_mails')
    .values({
      id: newId(),
      auth_token_id: tokenId,
      status: 'queued',
      attempts: 0,
      next_attempt_at: createdAt,
      last_error: null,
      message: null,
      created_at: createdAt,
      sent_at: null,
    })
    .execute();
}

export function dueAccountMails(db: Db, now: string, limit: number): Promise<DueAccountMail[]> {
  return db
    .selectFrom('account_mails')
    .innerJoin('auth_tokens', 'auth_tokens.id', 'account_mails.auth_token_id')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'account_mails.id as id',
      'account_mails.attempts as attempts',
      'auth_tokens.id as token_id',
      'auth_tokens.user_id as user_id',
      'auth_tokens.purpose as purpose',
      'auth_tokens.sent_to as sent_to',
      'auth_tokens.expires_at as expires_at',
      'auth_tokens.used_at as used_at',
      'users.full_name as full_name',
      'users.language as language',
    ])
    .where('account_mails.status', '=', 'queued')
    .where('account_mails.next_attempt_at', '<=', now)
    .orderBy('account_mails.created_at')
    .limit(limit)
    .execute();
}

export async function setTokenHash(db: Db, tokenId: string, tokenHash: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ token_hash: tokenHash }).where('id', '=', tokenId).execute();
}
