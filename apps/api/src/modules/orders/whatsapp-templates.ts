import { formatKsh } from '@urembo/contract/money';
import type { Config } from '../../config';
import type { WhatsAppTemplateMessage } from '../../lib/whatsapp';
import type { OrderEvent } from './events';
import { paymentDestination } from './payment-destination';

export type MessageLanguage = 'en' | 'sw';

/**
 * The WhatsApp templates order updates use, one per order event, each registered with Meta in English ("en") and
 * Kiswahili ("sw") under the same name, category "Utility", with exactly this body ({{1}}... are the parameters,
 * in this order). docs/whatsapp.md lists them for the shop owner to register; a test keeps that page in step.
 */
export const ORDER_TEMPLATES: Record<
  OrderEvent,
  {
    name: string;
    parameters: (order: TemplateOrder, config: Config) => string[];
    body: Record<MessageLanguage, string>;
  }
> = {
  placed: {
    name: 'urembo_order_placed',
    parameters: (order, config) => {
      const to = paymentDestination(config, order.reference);
      return [firstName(order.name), order.reference, formatKsh(order.total_amount), to.paybill, to.account];
    },
    body: {
      en: 'Hi {{1}}, your Urembo order {{2}} is placed. Total {{3}}. Pay with M-Pesa: Lipa na M-Pesa > Pay Bill, business no. {{4}}, account {{5}}.',
      sw: 'Habari {{1}}, agizo lako la Urembo {{2}} limepokelewa. Jumla {{3}}. Lipa kwa M-Pesa: Lipa na M-Pesa > Pay Bill, namba ya biashara {{4}}, akaunti {{5}}.',
    },
  },
  paid: {
    name: 'urembo_order_paid',
    parameters: (order) => [order.reference, firstName(order.name)],
    body: {
      en: 'Urembo order {{1}}: payment received, thank you {{2}}! We are preparing your order.',
      sw: 'Agizo la Urembo {{1}}: malipo yamepokelewa, asante {{2}}! Tunaandaa agizo lako.',
    },
  },
  'in-transit': {
    name: 'urembo_order_in_transit',
    parameters: (order) => [order.reference],
    body: {
      en: 'Urembo order {{1}} is on its way to you.',
      sw: 'Agizo la Urembo {{1}} liko njiani kukufikia.',
    },
  },
  delivered: {
    name: 'urembo_order_delivered',
    parameters: (order) => [order.reference, firstName(order.name)],
    body: {
      en: 'Urembo order {{1}} has been delivered. Thank you for shopping with us, {{2}}!',
      sw: 'Agizo la Urembo {{1}} limefikishwa. Asante kwa kununua kwetu, {{2}}!',
    },
  },
  cancelled: {
    name: 'urembo_order_cancelled',
    parameters: (order) => [order.reference],
    body: {
      en: 'Urembo order {{1}} has been cancelled. If you paid for it, we will contact you about a refund.',
      sw: 'Agizo la Urembo {{1}} limeghairiwa. Kama ulilipia, tutawasiliana nawe kuhusu kurejeshewa pesa.',
    },
  },
  refunded: {
    name: 'urembo_order_refunded',
    parameters: (order) => [order.reference, firstName(order.name)],
    body: {
      en: 'Urembo order {{1}}: we have sent your money back to you, {{2}}.',
      sw: 'Agizo la Urembo {{1}}: tumekurudishia pesa zako, {{2}}.',
    },
  },
};

interface TemplateOrder {
  reference: string;
  name: string;
  phone: string;
  total_amount: number;
}

/** The customer's first name as the SMS use it ("there" when the name is blank). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0]?.slice(0, 30) || 'there';
}

/** The template message of one order event, in the customer's language. */
export function orderTemplateMessage(
  config: Config,
  order: TemplateOrder,
  event: OrderEvent,
  language: MessageLanguage,
): WhatsAppTemplateMessage {
  const template = ORDER_TEMPLATES[event];
  const parameters = template.parameters(order, config);
  const text = template.body[language].replace(
    /\{\{(\d+)\}\}/g,
    (_m, n: string) => parameters[Number(n) - 1] ?? '',
  );
  return { to: order.phone, template: template.name, language, parameters, text };
}
