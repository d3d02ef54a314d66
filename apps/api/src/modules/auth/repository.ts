import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuthTokenPurpose, AuthTokensTable, Database } from '../../db/schema';

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
