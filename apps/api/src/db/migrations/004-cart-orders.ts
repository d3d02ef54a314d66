import type { Kysely } from 'kysely';

/** Carts, orders with real line rows (price snapshots), and idempotency keys for order creation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('county', 'text', (c) => c.notNull())
    .addColumn('town', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('shipping_fee', 'integer', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_user_idempotency_uq', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('orders_user_created_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('cart_lines').execute();
}
