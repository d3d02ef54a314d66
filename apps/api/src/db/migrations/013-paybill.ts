import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Paybill (C2B) settlement, typed receipts checked with Daraja's Transaction Status API, and order SMS:
 * - payments: `order_id` and `user_id` become optional (a paybill payment whose account matched no order waits,
 *   unmatched, for the customer's receipt or an admin); `account` keeps the BillRefNumber as typed; `note` the
 *   admin's reason for a payment recorded by hand; `verification` and `status_query_id` follow a typed receipt's
 *   Transaction Status check.
 * - mpesa_callbacks: `trans_id` (C2B TransID or the receipt a status result is about) for the audit trail.
 * - order_messages: one SMS per order and event (the unique pair is what makes a repeated callback send nothing),
 *   queued and retried in the background.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) {
    await sql`alter table payments alter column order_id drop not null`.execute(db);
    await sql`alter table payments alter column user_id drop not null`.execute(db);
    await db.schema
      .alterTable('payments')
      .addColumn('account', 'text')
      .addColumn('note', 'text')
      .addColumn('verification', 'text')
      .addColumn('status_query_id', 'text')
      .execute();
  } else {
    // SQLite cannot drop NOT NULL: rebuild the table with the same rows.
    await db.schema
      .createTable('payments_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('restrict'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('restrict'))
      .addColumn('stk_request_id', 'text', (c) =>
        c.unique().references('stk_requests.id').onDelete('restrict'),
      )
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('receipt', 'text', (c) => c.unique())
      .addColumn('phone', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('flag', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('account', 'text')
      .addColumn('note', 'text')
      .addColumn('verification', 'text')
      .addColumn('status_query_id', 'text')
      .execute();
    await sql`insert into payments_next (id, source, order_id, user_id, stk_request_id, full_name, amount, channel,
      receipt, phone, status, flag, created_at, updated_at)
      select id, source, order_id, user_id, stk_request_id, full_name, amount, channel, receipt, phone, status, flag,
      created_at, updated_at from payments`.execute(db);
    await db.schema.dropTable('payments').execute();
    await sql`alter table payments_next rename to payments`.execute(db);
    await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
    await db.schema.createIndex('payments_created_idx').on('payments').column('created_at').execute();
  }
  await db.schema.createIndex('payments_status_query_idx').on('payments').column('status_query_id').execute();

  await db.schema.alterTable('mpesa_callbacks').addColumn('trans_id', 'text').execute();
  await db.schema.createIndex('mpesa_callbacks_trans_idx').on('mpesa_callbacks').column('trans_id').execute();

  await db.schema
    .createTable('order_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('order_messages_order_event_uq', ['order_id', 'event'])
    .execute();
  await db.schema
    .createIndex('order_messages_due_idx')
    .on('order_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_messages').execute();
  await db.schema.dropIndex('mpesa_callbacks_trans_idx').execute();
  await db.schema.alterTable('mpesa_callbacks').dropColumn('trans_id').execute();
  await db.schema.dropIndex('payments_status_query_idx').execute();
  for (const column of ['account', 'note', 'verification', 'status_query_id']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}

/** Frozen with this migration: the dialect, read as the live code's dialectOf read it when this was written. */
function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
