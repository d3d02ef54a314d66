import { sql, type Kysely } from 'kysely';

/**
 * The account's language ("en" or "sw", English until the customer picks Kiswahili) and when the account was
 * deleted at its owner's request: its row stays (orders and reviews point at it) with every personal detail erased.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'sw')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
