import { randomInt } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Frozen copy of the order reference generator of the time (7 characters a person cannot confuse when reading aloud
 * or typing on a keypad); the live one may change, this migration's may not.
 */
function newOrderReference(): string {
  const alphabet = 'ACDEFGHJKMNPQRTWXY3479';
  let out = '';
  for (let i = 0; i < 7; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

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
  if (onPostgres(db)) {
    await sql`alter table orders alter column reference set not null`.execute(db);
  }
  await db.schema.createIndex('orders_reference_uq').on('orders').column('reference').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_reference_uq').execute();
  await db.schema.alterTable('orders').dropColumn('reference').execute();
}

/** Frozen with this migration: the dialect, read as the live code's dialectOf read it when this was written. */
function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
