import type { Kysely } from 'kysely';
import { formatKsh } from '@urembo/contract/money';
import type { Database, ReturnState } from '../../db/schema';
import type { MessageKind } from '../../lib/message-queue';
import { SmsError, type SmsSender } from '../../lib/sms';

const MAX_SMS_LENGTH = 320;
const MAX_ATTEMPTS = 6;

interface DueReturnMessage {
  id: string;
  attempts: number;
  event: ReturnState;
  reference: string;
  name: string;
  phone: string;
  refund_amount: number;
  note: string | null;
  /** The customer's language (null when the account is gone). */
  language: 'en' | 'sw' | null;
}

/**
 * The text of one step of a return (the order's reference always in it; the shop's note when there is one), in the
 * customer's language.
 */
export function returnMessageText(
  message: Omit<DueReturnMessage, 'id' | 'attempts' | 'phone' | 'language'> & {
    language?: 'en' | 'sw' | null;
  },
): string {
  const first = message.name.trim().split(/\s+/)[0]?.slice(0, 30) || 'there';
  const ref = message.reference;
  const note = message.note ? ` ${message.note}` : '';
  let text: string;
  if (message.language === 'sw') {
    const firstSw = message.name.trim().split(/\s+/)[0]?.slice(0, 30) || 'mteja';
    switch (message.event) {
      case 'requested':
        text = `Habari ${firstSw}, tumepokea ombi lako la kurudisha bidhaa za agizo la Urembo ${ref}. Tutakujulisha kwa SMS tukishaliangalia.`;
        break;
      case 'approved':
        text = `Agizo la Urembo ${ref}: ombi lako la kurudisha limekubaliwa. Tafadhali lete au tutumie bidhaa hizo.${note}`;
        break;
      case 'rejected':
        text = `Agizo la Urembo ${ref}: samahani, hatuwezi kukubali urejeshaji huu.${note}`;
        break;
      case 'received':
        text = `Agizo la Urembo ${ref}: tumepokea bidhaa ulizorudisha. Utarejeshewa ${formatKsh(Number(message.refund_amount))}.${note}`;
        break;
    }
    return text.length > MAX_SMS_LENGTH ? `${text.slice(0, MAX_SMS_LENGTH - 1)}…` : text;
  }
  switch (message.event) {
    case 'requested':
      text = `Hi ${first}, we have your request to return items of Urembo order ${ref}. We will tell you by SMS once we have looked at it.`;
      break;
    case 'approved':
      text = `Urembo order ${ref}: your return is approved. Please bring or send the items back to us.${note}`;
      break;
    case 'rejected':
      text = `Urembo order ${ref}: sorry, we cannot accept this return.${note}`;
      break;
    case 'received':
      text = `Urembo order ${ref}: we have received your returned items. ${formatKsh(Number(message.refund_amount))} will be refunded to you.${note}`;
      break;
  }
  return text.length > MAX_SMS_LENGTH ? `${text.slice(0, MAX_SMS_LENGTH - 1)}…` : text;
}

/** Return SMS, a kind of message in the shop's queue (lib/message-queue.ts), sent to the order's phone. */
export class ReturnMessenger implements MessageKind<DueReturnMessage> {
  readonly label = 'return SMS';
  readonly table = 'return_messages';

  constructor(private readonly deps: { db: Kysely<Database>; sms: SmsSender }) {}

  due(now: string, limit: number): Promise<DueReturnMessage[]> {
    return this.deps.db
      .selectFrom('return_messages')
      .innerJoin('returns', 'returns.id', 'return_messages.return_id')
      .innerJoin('orders', 'orders.id', 'returns.order_id')
      .leftJoin('users', 'users.id', 'orders.user_id')
      .select([
        'users.language as language',
        'return_messages.id as id',
        'return_messages.event as event',
        'return_messages.attempts as attempts',
        'orders.reference as reference',
        'orders.name as name',
        'orders.phone as phone',
        'returns.refund_amount as refund_amount',
        'returns.note as note',
      ])
      .where('return_messages.status', '=', 'queued')
      .where('return_messages.next_attempt_at', '<=', now)
      .orderBy('return_messages.created_at')
      .limit(limit)
      .execute();
  }

  async send(message: DueReturnMessage, keep: (text: string) => void): Promise<void> {
    const text = returnMessageText(message);
    keep(text);
    await this.deps.sms.send(message.phone, text);
  }

  retryDelayMs(attempts: number): number {
    return Math.min(30_000 * 4 ** (attempts - 1), 6 * 3600_000);
  }

  givesUp(error: unknown, attempts: number): boolean {
    return attempts >= MAX_ATTEMPTS || (error instanceof SmsError && error.kind === 'rejected');
  }

  describe(message: DueReturnMessage): Record<string, unknown> {
    return { orderReference: message.reference, event: `return-${message.event}` };
  }
}
