import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Sessions get a public id (`_id` in GET /auth/sessions), so a customer can end one device's session without the
 * API ever showing the stored hash of a session cookie.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as Kysely<{ sessions: { id_hash: string; public_id: string | null } }>;
  await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
  const rows = await k.selectFrom('sessions').select('id_hash').execute();
  for (const row of rows) {
    await k
      .updateTable('sessions')
      .set({ public_id: randomBytes(12).toString('base64url') })
      .where('id_hash', '=', row.id_hash)
      .execute();
  }
  await db.schema.createIndex('sessions_public_id_idx').on('sessions').column('public_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_public_id_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('public_id').execute();
}
