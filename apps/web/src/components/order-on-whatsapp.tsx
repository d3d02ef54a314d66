import { formatKsh } from '@urembo/contract/money';
import { describeOptions } from '@urembo/contract/variants';
import { usePublicConfig } from '../lib/public-config';
import { WhatsAppIcon } from './icons';
import { useT, type Translator } from '../i18n/i18n';

export interface WhatsAppOrderLine {
  name: string;
  /** The shade or size chosen ({Shade: "Mocha"}); null for a product without options. */
  options: Record<string, string> | null;
  count: number;
  /** The price of one. */
  price: number;
}

/**
 * The message "Order on WhatsApp" opens with: one line per product (name, shade or size, count and line price) and
 * the total, so the shop can answer with the delivery fee and where to pay without asking again.
 */
export function whatsappOrderText(t: Translator, lines: WhatsAppOrderLine[], total: number): string {
  const items = lines.map((line) => {
    const options = line.options ? describeOptions(line.options) : '';
    return `- ${line.name}${options ? ` (${options})` : ''} x ${line.count}: ${formatKsh(line.price * line.count)}`;
  });
  return [t('whatsapp.hello'), ...items, t('whatsapp.total', { amount: formatKsh(total) })].join('\n');
}

/** wa.me opens a chat with the number (2547XXXXXXXX) and the text typed in, on a phone's app or WhatsApp Web. */
export function whatsappOrderHref(
  t: Translator,
  number: string,
  lines: WhatsAppOrderLine[],
  total: number,
): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(whatsappOrderText(t, lines, total))}`;
}

/** "Order on WhatsApp": the cart or the product sent to the shop's WhatsApp as a message to finish there. */
export function OrderOnWhatsApp({
  lines,
  total,
  className = '',
}: {
  lines: WhatsAppOrderLine[];
  total: number;
  className?: string;
}) {
  const t = useT();
  const number = usePublicConfig().data?.shop.whatsapp;
  if (!number || lines.length === 0) return null;
  return (
    <a
      href={whatsappOrderHref(t, number, lines, total)}
      target="_blank"
      rel="noopener noreferrer"
      className={`btn-outline gap-2 ${className}`}
    >
      <WhatsAppIcon width={18} height={18} />
      {t('whatsapp.order')}
    </a>
  );
}
