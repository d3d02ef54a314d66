import { sql, type Kysely } from 'kysely';

/**
 * Reviews from verified buyers: one per customer and product (the unique constraint is what makes a second,
 * concurrent review fail), listed per product newest first and, for admins, across the shop newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_user_product_uq', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('reviews_product_created_idx')
    .on('reviews')
    .columns(['product_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('reviews_created_idx').on('reviews').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
}
