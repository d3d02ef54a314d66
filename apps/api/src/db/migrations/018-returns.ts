import { sql, type Kysely } from 'kysely';

/**
 * Returns: when an order was delivered (the return window counts from it), each return a customer asks for with
 * its lines (copies of the order's lines, with how many go back), and the SMS about each step, in the shop's
 * message queue. `refund_amount` is what the returned items cost: money the shop owes once the return is received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
  // Orders delivered before this: their last change is the best record of when.
  await sql`update orders set delivered_at = updated_at where delivery_status = 'delivered'`.execute(db);

  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`state in ('requested', 'approved', 'rejected', 'received')`),
    )
    .addColumn('refund_amount', 'integer', (c) => c.notNull().check(sql`refund_amount >= 0`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text')
    .execute();
  await db.schema.createIndex('returns_order_idx').on('returns').column('order_id').execute();
  await db.schema
    .createIndex('returns_state_created_idx')
    .on('returns')
    .columns(['state', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('return_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id').onDelete('restrict'))
    .addColumn('product_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_items_return_idx').on('return_items').column('return_id').execute();
  await db.schema
    .createIndex('return_items_order_item_idx')
    .on('return_items')
    .column('order_item_id')
    .execute();

  await db.schema
    .createTable('return_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('return_messages_return_event_key', ['return_id', 'event'])
    .execute();
  await db.schema
    .createIndex('return_messages_due_idx')
    .on('return_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('return_messages').execute();
  await db.schema.dropTable('return_items').execute();
  await db.schema.dropTable('returns').execute();
  await db.schema.alterTable('orders').dropColumn('delivered_at').execute();
}
