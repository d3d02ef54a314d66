import { sql, type Kysely } from 'kysely';

/**
 * Stock per product: null = not tracked (always orderable), otherwise the units on the shelf. The check makes
 * "never below zero" the database's rule too, whatever code path writes it. The partial index serves the
 * dashboard's low-stock list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .execute();
  await db.schema
    .createIndex('products_stock_idx')
    .on('products')
    .columns(['stock', 'id'])
    .where(sql.ref('stock'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_stock_idx').execute();
  await db.schema.alterTable('products').dropColumn('stock').execute();
}
