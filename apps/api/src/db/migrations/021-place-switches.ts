import type { Kysely } from 'kysely';

/**
 * A place of the delivery geography can be switched off instead of deleted (saved addresses still name it): shoppers'
 * lists leave it out and checkout refuses addresses there. 1 = delivered to, 0 = switched off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['countries', 'counties', 'towns', 'locations']) {
    await db.schema
      .alterTable(table)
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['countries', 'counties', 'towns', 'locations']) {
    await db.schema.alterTable(table).dropColumn('active').execute();
  }
}
