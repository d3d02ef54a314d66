import type { Kysely } from 'kysely';

/**
 * What each order line took from stock (0 when the product was not tracked), so a cancellation gives back exactly
 * that and a product that became tracked later is not credited with units it never lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_items')
    .addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('stock_taken').execute();
}
