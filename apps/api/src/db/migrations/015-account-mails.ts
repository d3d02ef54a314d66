import { sql, type Kysely } from 'kysely';

/**
 * Account mails (email verification codes, password-reset links) join order SMS in the shop's durable message
 * queue: one row per mail, written with the code's auth_tokens row and sent in the background, retried after a
 * failure. The row holds no code or link: the secret is made when the mail is sent and only its HMAC is kept on
 * the auth_tokens row, so the row goes when its token does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('auth_token_id', 'text', (c) =>
      c.notNull().unique().references('auth_tokens.id').onDelete('cascade'),
    )
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
    .createIndex('account_mails_due_idx')
    .on('account_mails')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_mails').execute();
}
