import { sql, type Kysely } from 'kysely';

/**
 * The payment ledger: each payment gets one explicit `state` (pending, completed, failed, held) and, when held, why
 * (`hold_reason`); `refunded_amount` is what its completed refunds sent back. Existing rows move from the former
 * status and flag: completed without a flag is completed; money for a cancelled or already-paid order, or of a
 * different amount than asked, is held (order-not-payable); a receipt already credited elsewhere is held
 * (receipt-reused); a typed receipt that turned out to be another payment's money is failed; the rest is pending.
 * `status` stays, 1 exactly when the state is completed.
 *
 * `refunds`: money sent back from a payment, by hand (its receipt) or by Safaricom's Reversal API (pending until
 * the result), with the Idempotency-Key that made it and the Reversal's conversation ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'completed', 'failed', 'held')`),
    )
    .execute();
  await db.schema.alterTable('payments').addColumn('hold_reason', 'text').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update payments set
    state = case
      when flag in ('refund', 'amount-mismatch') then 'held'
      when flag in ('conflict', 'other-shortcode') then 'held'
      when flag = 'duplicate' then 'failed'
      when status = 1 then 'completed'
      else 'pending' end,
    hold_reason = case
      when flag in ('refund', 'amount-mismatch') then 'order-not-payable'
      when flag = 'conflict' then 'receipt-reused'
      when flag = 'other-shortcode' then 'other-shortcode'
      else null end`.execute(db);
  await sql`update payments set status = case when state = 'completed' then 1 else 0 end`.execute(db);
  await db.schema.createIndex('payments_state_idx').on('payments').columns(['state', 'order_id']).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('restrict'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('mpesa-reversal', 'manual')`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'completed', 'failed')`))
    .addColumn('receipt', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('conversation_id', 'text', (c) => c.unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('admin_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').column('payment_id').execute();
  await db.schema
    .createIndex('refunds_state_attempt_idx')
    .on('refunds')
    .columns(['state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropIndex('payments_state_idx').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_amount').execute();
  await db.schema.alterTable('payments').dropColumn('hold_reason').execute();
  await db.schema.alterTable('payments').dropColumn('state').execute();
}
