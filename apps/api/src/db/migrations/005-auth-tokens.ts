import type { Kysely } from 'kysely';

/**
 * One-time secrets sent to a customer: 6-digit email and phone verification codes and password-reset links.
 * Only an HMAC of each secret is stored; a row is single use (used_at), expires (expires_at), and a code is burnt
 * after too many wrong tries (attempts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('auth_tokens_user_purpose_idx')
    .on('auth_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
  await db.schema.createIndex('auth_tokens_hash_idx').on('auth_tokens').column('token_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_tokens').execute();
}
