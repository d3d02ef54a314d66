import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { formatKsh } from '@urembo/contract/money';
import type { OrderMessage } from '@urembo/contract/orders';
import type { Config } from '../../config';
import type { Database, OrderEventColumn } from '../../db/schema';
import { nowIso, toCount } from '../../db/sql-values';
import { SmsError, type SmsSender } from '../../lib/sms';
import { paymentDestination } from './payment-destination';

/** Two SMS pages; longer texts are cut (they never are with our wording, but names are the customer's). */
export const MAX_SMS_LENGTH = 320;
/** Tries before a message is given up (the admin sees the last error on the order). */
export const MAX_SMS_ATTEMPTS = 6;
const BATCH = 10;

interface MessageOrder {
  reference: string;
  name: string;
  total_amount: number;
}

/** The text of one order event (at most 320 characters, the order reference always in it). */
export function orderMessageText(config: Config, order: MessageOrder, event: OrderEventColumn): string {
  const first = order.name.trim().split(/\s+/)[0]?.slice(0, 30) || 'there';
  const ref = order.reference;
  let text: string;
  switch (event) {
    case 'placed': {
      const to = paymentDestination(config, ref);
      text = `Hi ${first}, Urembo order ${ref} is placed. Total ${formatKsh(order.total_amount)}. Pay with M-Pesa: Lipa na M-Pesa > Pay Bill, business no. ${to.paybill}, account ${to.account}.`;
      break;
    }
    case 'paid':
      text = `Urembo order ${ref}: payment received, thank you ${first}! We are preparing your order.`;
      break;
    case 'in-transit':
      text = `Urembo order ${ref} is on its way to you.`;
      break;
    case 'delivered':
      text = `Urembo order ${ref} has been delivered. Thank you for shopping with us, ${first}!`;
      break;
    case 'cancelled':
      text = `Urembo order ${ref} has been cancelled. If you paid for it, we will contact you about a refund.`;
      break;
  }
  return text.length > MAX_SMS_LENGTH ? `${text.slice(0, MAX_SMS_LENGTH - 1)}…` : text;
}

/** Waits before the next try: 30 s, 2 min, 8 min, ... */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** (attempts - 1), 6 * 3600_000);
}

export interface OrderMessagesDeps {
  db: Kysely<Database>;
  config: Config;
  sms: SmsSender;
  log: FastifyBaseLogger;
}

/**
 * Sends queued order messages in the background. Each message is claimed with a conditional update (so several
 * processes never send one twice), sent, and marked sent; a failure waits and is retried, and after
 * MAX_SMS_ATTEMPTS (or a refusal that will not change, such as an invalid number) it is marked failed.
 */
export class OrderMessenger {
  private running: Promise<number> | null = null;

  constructor(private readonly deps: OrderMessagesDeps) {}

  /** Sends what is due now (one run at a time in this process); answers how many were sent. */
  async flush(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Polls in the background; answers a function that stops it. */
  start(): () => void {
    const { config, log } = this.deps;
    const timer = setInterval(() => {
      this.flush().catch((err: unknown) => log.error({ err }, 'order SMS run failed'));
    }, config.orderSmsPollMs);
    timer.unref();
    return () => clearInterval(timer);
  }

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
    }));
  }

  private async sendDue(): Promise<number> {
    const { db, config, sms, log } = this.deps;
    const now = new Date();
    const due = await db
      .selectFrom('order_messages')
      .innerJoin('orders', 'orders.id', 'order_messages.order_id')
      .select([
        'order_messages.id as id',
        'order_messages.event as event',
        'order_messages.attempts as attempts',
        'orders.reference as reference',
        'orders.name as name',
        'orders.phone as phone',
        'orders.total_amount as total_amount',
      ])
      .where('order_messages.status', '=', 'queued')
      .where('order_messages.next_attempt_at', '<=', now.toISOString())
      .orderBy('order_messages.created_at')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const message of due) {
      const attempts = toCount(message.attempts) + 1;
      const claimed = await db
        .updateTable('order_messages')
        .set({
          attempts,
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where('id', '=', message.id)
        .where('status', '=', 'queued')
        .where('attempts', '=', attempts - 1)
        .executeTakeFirst();
      if (toCount(claimed.numUpdatedRows) !== 1) continue;
      const text = orderMessageText(config, message, message.event);
      try {
        await sms.send(message.phone, text);
        await db
          .updateTable('order_messages')
          .set({ status: 'sent', sent_at: nowIso(), message: text, last_error: null })
          .where('id', '=', message.id)
          .execute();
        sent += 1;
      } catch (err) {
        const final = attempts >= MAX_SMS_ATTEMPTS || (err instanceof SmsError && err.kind === 'rejected');
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        await db
          .updateTable('order_messages')
          .set({ status: final ? 'failed' : 'queued', last_error: error, message: text })
          .where('id', '=', message.id)
          .execute();
        log[final ? 'error' : 'warn'](
          { orderReference: message.reference, event: message.event, attempts, msg: error },
          final ? 'order SMS failed for good' : 'order SMS failed; will retry',
        );
      }
    }
    return sent;
  }
}
