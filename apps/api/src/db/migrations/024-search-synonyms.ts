import type { Kysely } from 'kysely';

/**
 * The search synonyms admins keep: typing `word` also searches for each word of `means` (a JSON array of lower-case
 * words). Kiswahili beauty words search always knows live in the code, not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_synonyms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('word', 'text', (c) => c.notNull().unique())
    .addColumn('means', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_synonyms').execute();
}
