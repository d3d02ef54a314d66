import type { Kysely, Transaction } from 'kysely';
import type { Database, DeliveryStatus, OrderEventColumn } from '../../db/schema';
import { fromFlag, nowIso } from '../../db/sql-values';
import { newId } from '../../lib/ids';

export type OrderEvent = OrderEventColumn;
export const ORDER_EVENTS: readonly OrderEvent[] = [
  'placed',
  'paid',
  'in-transit',
  'delivered',
  'cancelled',
  'refunded',
];

/**
 * THE hook for everything that happens to an order and that the customer hears about (an SMS or WhatsApp). Call it in
 * the transaction that made the change: the message is queued with the change and sent in the background
 * (orders/messages.ts), so sending never blocks or fails the order. One message per order and event: a repeated
 * callback, a retried request or two processes at once queue it once (unique order_id + event).
 */
export async function recordOrderEvent(
  trx: Kysely<Database> | Transaction<Database>,
  orderId: string,
  event: OrderEvent,
  now: string = nowIso(),
  /** The text, when it says more than the order does (a refund's amount). */
  text: string | null = null,
  /** Whether the order asked for WhatsApp, when the caller knows (it is read from the order otherwise). */
  whatsapp?: boolean,
): Promise<void> {
  // An order placed with "Send updates on WhatsApp" hears there (SMS stays the fallback: orders/messages.ts).
  const onWhatsApp =
    whatsapp ??
    fromFlag(
      (await trx.selectFrom('orders').select('whatsapp').where('id', '=', orderId).executeTakeFirst())
        ?.whatsapp,
    );
  await trx
    .insertInto('order_messages')
    .values({
      id: newId(),
      order_id: orderId,
      event,
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      message: text,
      created_at: now,
      sent_at: null,
      channel: onWhatsApp ? 'whatsapp' : 'sms',
    })
    .onConflict((oc) => oc.columns(['order_id', 'event']).doNothing())
    .execute();
}

/** The event a delivery status change is, if the customer hears about it. */
export function deliveryEvent(to: DeliveryStatus): OrderEvent | null {
  return to === 'pending' ? null : to;
}
