import type { Kysely } from 'kysely';
import { formatKsh } from '@urembo/contract/money';
import type { OrderMessage } from '@urembo/contract/orders';
import type { Config } from '../../config';
import type { Database, OrderEventColumn } from '../../db/schema';
import { toCount } from '../../db/sql-values';
import type { MessageKind } from '../../lib/message-queue';
import { SmsError, type SmsSender } from '../../lib/sms';
import { WhatsAppError, type WhatsAppSender } from '../../lib/whatsapp';
import { describeVariant, parseVariantOptions } from '../catalogue';
import { paymentDestination } from './payment-destination';
import { firstName, orderTemplateMessage, type MessageLanguage } from './whatsapp-templates';

/** Tries on WhatsApp before an update that WhatsApp cannot take goes out as an SMS instead. */
export const MAX_WHATSAPP_ATTEMPTS = 3;

/** Two SMS pages; longer texts are cut (they never are with our wording, but names are the customer's). */
export const MAX_SMS_LENGTH = 320;
/** Tries before a message is given up (the admin sees the last error on the order). */
export const MAX_SMS_ATTEMPTS = 6;

interface MessageOrder {
  reference: string;
  name: string;
  total_amount: number;
  /** The code applied and what it took off (the "placed" text names them). */
  discount_code?: string | null;
  discount_amount?: number;
  /** The order's lines, for the "placed" text: each with its shade or size when it has one. */
  items?: { name: string; count: number; variant_options: string | null }[];
}

/**
 * "Velvet Lipstick (Shade: Rose) x2, Black Soap x1": as many lines as fit in `room` characters, then "and N more".
 */
export function linesSummary(
  items: NonNullable<MessageOrder['items']>,
  room: number,
  language: MessageLanguage = 'en',
): string {
  const parts = items.map((item) => {
    const name = item.name.length > 40 ? `${item.name.slice(0, 39)}…` : item.name;
    const options = parseVariantOptions(item.variant_options);
    const variant = Object.keys(options).length > 0 ? ` (${describeVariant(options)})` : '';
    return `${name}${variant} x${item.count}`;
  });
  for (let shown = parts.length; shown > 0; shown -= 1) {
    const more = parts.length - shown;
    const rest = language === 'sw' ? ` na nyingine ${more}` : ` and ${more} more`;
    const text = parts.slice(0, shown).join(', ') + (more > 0 ? rest : '');
    if (text.length <= room) return text;
  }
  if (parts.length === 0) return '';
  return language === 'sw' ? `bidhaa ${parts.length}` : `${parts.length} items`;
}

/**
 * The text of one order event (at most 320 characters, the order reference always in it), in the customer's
 * language (English when the account is gone).
 */
export function orderMessageText(
  config: Config,
  order: MessageOrder,
  event: OrderEventColumn,
  language: MessageLanguage = 'en',
): string {
  const first = firstName(order.name);
  const ref = order.reference;
  const sw = language === 'sw';
  let text: string;
  switch (event) {
    case 'placed': {
      const to = paymentDestination(config, ref);
      const discount = order.discount_code
        ? sw
          ? ` Punguzo ${order.discount_code} -${formatKsh(order.discount_amount ?? 0)}.`
          : ` Discount ${order.discount_code} -${formatKsh(order.discount_amount ?? 0)}.`
        : '';
      const rest = sw
        ? `${discount} Jumla ${formatKsh(order.total_amount)}. Lipa kwa M-Pesa: Lipa na M-Pesa > Pay Bill, namba ya biashara ${to.paybill}, akaunti ${to.account}.`
        : `${discount} Total ${formatKsh(order.total_amount)}. Pay with M-Pesa: Lipa na M-Pesa > Pay Bill, business no. ${to.paybill}, account ${to.account}.`;
      const opening = sw
        ? `Habari ${first}, agizo lako la Urembo ${ref} limepokelewa`
        : `Hi ${first}, Urembo order ${ref} is placed`;
      const room = MAX_SMS_LENGTH - opening.length - rest.length - 3;
      const lines = order.items && order.items.length > 0 ? linesSummary(order.items, room, language) : '';
      text = `${opening}${lines ? `: ${lines}` : ''}.${rest}`;
      break;
    }
    case 'paid':
      text = sw
        ? `Agizo la Urembo ${ref}: malipo yamepokelewa, asante ${first}! Tunaandaa agizo lako.`
        : `Urembo order ${ref}: payment received, thank you ${first}! We are preparing your order.`;
      break;
    case 'in-transit':
      text = sw
        ? `Agizo la Urembo ${ref} liko njiani kukufikia.`
        : `Urembo order ${ref} is on its way to you.`;
      break;
    case 'delivered':
      text = sw
        ? `Agizo la Urembo ${ref} limefikishwa. Asante kwa kununua kwetu, ${first}!`
        : `Urembo order ${ref} has been delivered. Thank you for shopping with us, ${first}!`;
      break;
    case 'cancelled':
      text = sw
        ? `Agizo la Urembo ${ref} limeghairiwa. Kama ulilipia, tutawasiliana nawe kuhusu kurejeshewa pesa.`
        : `Urembo order ${ref} has been cancelled. If you paid for it, we will contact you about a refund.`;
      break;
    case 'refunded':
      text = sw
        ? `Agizo la Urembo ${ref}: tumekurudishia pesa zako, ${first}.`
        : `Urembo order ${ref}: we have sent your money back to you, ${first}.`;
      break;
  }
  return text.length > MAX_SMS_LENGTH ? `${text.slice(0, MAX_SMS_LENGTH - 1)}…` : text;
}

export interface OrderMessagesDeps {
  db: Kysely<Database>;
  config: Config;
  sms: SmsSender;
  /** Order updates on WhatsApp for orders that asked for them; null when the shop offers none. */
  whatsapp: WhatsAppSender | null;
}

interface DueOrderMessage {
  id: string;
  order_id: string;
  attempts: number;
  event: OrderEventColumn;
  reference: string;
  name: string;
  phone: string;
  total_amount: number;
  channel: 'sms' | 'whatsapp';
  /** The customer's language (null when the account is gone): WhatsApp templates go out in it. */
  language: 'en' | 'sw' | null;
  discount_code: string | null;
  discount_amount: number;
  /** Composed when it was queued (a refund names its amount), else null. */
  message: string | null;
}

/** A delivery status WhatsApp reported for a message it took (webhook `statuses[]`). */
export interface WhatsAppStatus {
  id: string;
  status: string;
  /** Why, when the status is "failed". */
  reason?: string;
}

/**
 * Order SMS, one kind of message in the shop's queue (lib/message-queue.ts), which claims, sends and retries them:
 * a failure waits (30 s, 2 min, 8 min, ...) and is tried again, and after MAX_SMS_ATTEMPTS (or a refusal that will
 * not change, such as an invalid number) the message is marked failed, with the error the admin sees on the order.
 */
export class OrderMessenger implements MessageKind<DueOrderMessage> {
  readonly label = 'order SMS';
  readonly table = 'order_messages';

  constructor(private readonly deps: OrderMessagesDeps) {}

  /** An order's messages for the admin: what was sent, what is waiting, what failed and why. */
  async ofOrder(orderId: string): Promise<OrderMessage[]> {
    const rows = await this.deps.db
      .selectFrom('order_messages')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({
      event: r.event,
      status: r.status,
      attempts: toCount(r.attempts),
      lastError: r.last_error,
      message: r.message,
      createdAt: r.created_at,
      sentAt: r.sent_at,
      channel: r.channel,
    }));
  }

  due(now: string, limit: number): Promise<DueOrderMessage[]> {
    return this.deps.db
      .selectFrom('order_messages')
      .innerJoin('orders', 'orders.id', 'order_messages.order_id')
      .leftJoin('users', 'users.id', 'orders.user_id')
      .select([
        'order_messages.id as id',
        'order_messages.order_id as order_id',
        'users.language as language',
        'order_messages.event as event',
        'order_messages.attempts as attempts',
        'orders.reference as reference',
        'orders.name as name',
        'orders.phone as phone',
        'orders.total_amount as total_amount',
        'order_messages.channel as channel',
        'orders.discount_code as discount_code',
        'orders.discount_amount as discount_amount',
        'order_messages.message as message',
      ])
      .where('order_messages.status', '=', 'queued')
      .where('order_messages.next_attempt_at', '<=', now)
      .orderBy('order_messages.created_at')
      .limit(limit)
      .execute();
  }

  /**
   * An update on WhatsApp when the order asked for it; an SMS otherwise, and instead of a WhatsApp message that
   * WhatsApp refused (or that the shop can no longer send there): the row then says 'sms', so a retry stays an SMS.
   */
  async send(message: DueOrderMessage, keep: (text: string) => void): Promise<void> {
    const { whatsapp, config } = this.deps;
    if (message.channel === 'whatsapp') {
      if (whatsapp) {
        const template = orderTemplateMessage(config, message, message.event, message.language ?? 'en');
        keep(template.text);
        try {
          const { id } = await whatsapp.send(template);
          await this.setColumns(message.id, { provider_message_id: id });
          return;
        } catch (err) {
          if (!(err instanceof WhatsAppError && err.kind === 'rejected')) throw err;
        }
      }
      await this.setColumns(message.id, { channel: 'sms' });
    }
    const items =
      message.event === 'placed'
        ? await this.deps.db
            .selectFrom('order_items')
            .select(['name', 'count', 'variant_options'])
            .where('order_id', '=', message.order_id)
            .orderBy('position')
            .execute()
        : undefined;
    const text =
      message.message ??
      orderMessageText(
        config,
        { ...message, discount_amount: Number(message.discount_amount), items },
        message.event,
        message.language ?? 'en',
      );
    keep(text);
    await this.deps.sms.send(message.phone, text);
  }

  /**
   * WhatsApp's status callbacks: a message it reports "failed" (the customer has no WhatsApp, a template was
   * paused...) goes out again as an SMS, once: the row leaves the 'whatsapp' channel. Other statuses change nothing.
   * Answers how many messages were queued again as SMS.
   */
  async receiveWhatsAppStatuses(statuses: WhatsAppStatus[]): Promise<number> {
    let requeued = 0;
    for (const { id, status, reason } of statuses) {
      if (status !== 'failed') continue;
      const result = await this.deps.db
        .updateTable('order_messages')
        .set({
          channel: 'sms',
          status: 'queued',
          attempts: 0,
          next_attempt_at: new Date().toISOString(),
          last_error: `WhatsApp could not deliver it${reason ? ` (${reason.slice(0, 200)})` : ''}: sent as an SMS`,
        })
        .where('provider_message_id', '=', id)
        .where('channel', '=', 'whatsapp')
        .executeTakeFirst();
      requeued += toCount(result.numUpdatedRows);
    }
    return requeued;
  }

  /** A WhatsApp update that could not be handed over in MAX_WHATSAPP_ATTEMPTS goes out as an SMS. */
  async afterGivingUp(message: DueOrderMessage): Promise<void> {
    if (message.channel !== 'whatsapp') return;
    await this.deps.db
      .updateTable('order_messages')
      .set({ channel: 'sms', status: 'queued', attempts: 0, next_attempt_at: new Date().toISOString() })
      .where('id', '=', message.id)
      .execute();
  }

  private async setColumns(
    id: string,
    columns: { channel: 'sms' } | { provider_message_id: string },
  ): Promise<void> {
    await this.deps.db.updateTable('order_messages').set(columns).where('id', '=', id).execute();
  }

  retryDelayMs(attempts: number): number {
    return Math.min(30_000 * 4 ** (attempts - 1), 6 * 3600_000);
  }

  givesUp(error: unknown, attempts: number): boolean {
    if (error instanceof WhatsAppError) return attempts >= MAX_WHATSAPP_ATTEMPTS;
    return attempts >= MAX_SMS_ATTEMPTS || (error instanceof SmsError && error.kind === 'rejected');
  }

  describe(message: DueOrderMessage): Record<string, unknown> {
    return { orderReference: message.reference, event: message.event, channel: message.channel };
  }
}
