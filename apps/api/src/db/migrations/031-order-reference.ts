import { sql, type Kysely } from 'kysely';
// eslint-disable-next-line import-x/no-restricted-paths -- a migration must not import live code: to freeze
import { newOrderReference } from '../../modules/orders/reference';
import { dialectOf } from '../database';

/**
 * Every order gets a short, unique `reference` (the name a person reads and types). Existing orders get one here;
 * the column is NOT NULL on PostgreSQL (SQLite cannot add that constraint to an existing table: the app always
 * writes one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('reference', 'text').execute();
  const rows = await sql<{ id: string }>`select id from orders`.execute(db);
  const used = new Set<string>();
  for (const row of rows.rows) {
    let reference = newOrderReference();
    while (used.has(reference)) reference = newOrderReference();
    used.add(reference);
    await sql`update orders set reference = ${reference} where id = ${row.id}`.execute(db);
  }
  if (dialectOf(db) === 'postgres') {
    await sql`alter table orders alter column reference set not null`.execute(db);
  }
  await db.schema.createIndex('orders_reference_uq').on('orders').column('reference').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_reference_uq').execute();
  await db.schema.alterTable('orders').dropColumn('reference').execute();
}
