import { sql, type Kysely } from 'kysely';

/*
 * Discount codes.
 *
 * - discounts: one row per code (unique ignoring case), percent or amount, its limits (minimum subtotal, start and
 *   end, total uses, once per customer, categories as a JSON list of ids) and `used`, the count of orders placed
 *   with it that are not cancelled. The order's transaction raises `used` with a conditional update, so concurrent
 *   orders never pass `usage_limit`.
 * - discount_uses: one row per order placed with a code, `counted` 1 while it counts (0 once the order was
 *   cancelled and gave its use back), so a code used once per customer knows who used it.
 * - orders gain the code applied and the shillings it took off (0 without one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'amount')`))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('used', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used >= 0`),
    )
    .addColumn('once_per_customer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index discounts_code_uq on discounts (lower(code))`.execute(db);

  await db.schema
    .createTable('discount_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discount_id', 'text', (c) => c.notNull().references('discounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discount_uses_customer_idx')
    .on('discount_uses')
    .columns(['discount_id', 'user_id'])
    .execute();

  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('discount_amount').execute();
  await db.schema.alterTable('orders').dropColumn('discount_code').execute();
  await db.schema.dropTable('discount_uses').execute();
  await db.schema.dropTable('discounts').execute();
}
