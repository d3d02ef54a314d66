import type { Kysely } from 'kysely';

/**
 * Payments (manual M-Pesa form and confirmed STK pushes), the STK push requests sent to Daraja, and the raw
 * callbacks (and final STK query answers) received from Safaricom, kept as an audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stk_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('merchant_request_id', 'text', (c) => c.notNull())
    .addColumn('checkout_request_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('account_reference', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('result_code', 'text')
    .addColumn('result_desc', 'text')
    .addColumn('last_query_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('stk_requests_order_idx').on('stk_requests').column('order_id').execute();
  await db.schema
    .createIndex('stk_requests_status_created_idx')
    .on('stk_requests')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    // One payment per STK request, whatever the number of callbacks.
    .addColumn('stk_request_id', 'text', (c) => c.unique().references('stk_requests.id').onDelete('restrict'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // A receipt is credited once, whatever its source.
    .addColumn('receipt', 'text', (c) => c.unique())
    .addColumn('phone', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flag', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
  await db.schema.createIndex('payments_created_idx').on('payments').column('created_at').execute();

  await db.schema
    .createTable('mpesa_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('checkout_request_id', 'text')
    .addColumn('raw_body', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mpesa_callbacks_checkout_idx')
    .on('mpesa_callbacks')
    .column('checkout_request_id')
    .execute();
  await db.schema
    .createIndex('mpesa_callbacks_received_idx')
    .on('mpesa_callbacks')
    .column('received_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mpesa_callbacks').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('stk_requests').execute();
}
