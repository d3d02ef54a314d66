import { sql, type Kysely } from 'kysely';

/**
 * Order updates on WhatsApp: an order placed with them asked for (`orders.whatsapp`); each queued order message
 * remembers the channel it goes out on ('whatsapp' until WhatsApp refuses it or reports it failed, then 'sms') and
 * the id WhatsApp gave the message, which its status callbacks name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('whatsapp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_messages')
    .addColumn('channel', 'text', (c) =>
      c
        .notNull()
        .defaultTo('sms')
        .check(sql`channel in ('sms', 'whatsapp')`),
    )
    .execute();
  await db.schema.alterTable('order_messages').addColumn('provider_message_id', 'text').execute();
  await db.schema
    .createIndex('order_messages_provider_message_idx')
    .on('order_messages')
    .column('provider_message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_messages_provider_message_idx').execute();
  await db.schema.alterTable('order_messages').dropColumn('provider_message_id').execute();
  await db.schema.alterTable('order_messages').dropColumn('channel').execute();
  await db.schema.alterTable('orders').dropColumn('whatsapp').execute();
}
