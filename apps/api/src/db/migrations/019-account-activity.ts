import { sql, type Kysely } from 'kysely';

/**
 * What happened to an account (sign-ins, failed ones, password changes, ended sessions, two-factor switched on), for
 * the customer's own "sign-in history"; and the notices the shop sends about it (a new device signed in, the phone
 * or email changed), queued in the shop's durable message queue like order SMS and account mail. A notice holds no
 * secret, so its text is kept with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`event in ('signin', 'signin-failed', 'password-changed', 'session-ended', 'two-factor-enabled')`,
        ),
    )
    .addColumn('device', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('security_events_user_idx')
    .on('security_events')
    .columns(['user_id', 'at'])
    .execute();

  await db.schema
    .createTable('account_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
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
    .execute();
  await db.schema
    .createIndex('account_notices_due_idx')
    .on('account_notices')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_notices').execute();
  await db.schema.dropTable('security_events').execute();
}
