import { useQuery } from '@tanstack/react-query';
import { formatKsh } from '@urembo/contract/money';
import type { Order } from '@urembo/contract/orders';
import type { Payment } from '@urembo/contract/payments';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { useDates, useT, type Translator } from '../../../i18n/i18n';
import { fetchOrderPayments, orderKeys } from '../api';

/** The payments that count towards the order (flagged ones are held for review). */
function received(payments: Payment[] | undefined): Payment[] {
  return (payments ?? []).filter((p) => p.state === 'completed' && !p.flag);
}

function receiptText(payment: Payment, t: Translator): string {
  if (payment.receipt) return payment.receipt;
  return payment.ID === 'admin' ? t('order.receipt.byShop') : t('order.receipt.noNumber');
}

/**
 * A paid order's receipt: for each payment that paid it, the M-Pesa receipt number, the amount, when, and the phone
 * it came from. Nothing shows until the order is paid.
 */
export function OrderReceipt({ order }: { order: Order }) {
  const t = useT();
  const { formatDate } = useDates();
  const paid = order.paymentStatus === 'paid';
  const payments = useQuery({
    queryKey: orderKeys.payments(order._id),
    queryFn: () => fetchOrderPayments(order._id),
    enabled: paid,
    staleTime: 0,
  });
  const list = received(payments.data);
  if (!paid || list.length === 0) return null;
  return (
    <section className="card p-5" aria-labelledby="receipt-heading" data-testid="order-receipt">
      <h2 id="receipt-heading" className="font-display text-xl font-semibold text-brand-800">
        {t('order.receipt.heading')}
      </h2>
      <ul className="mt-3 divide-y divide-stone-100">
        {list.map((payment) => (
          <li key={payment._id} className="py-3 first:pt-0 last:pb-0">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-stone-600">{t('order.receipt.number')}</dt>
              <dd
                className={
                  payment.receipt ? 'font-mono font-semibold tracking-wide text-ink' : 'text-stone-700'
                }
                data-testid="receipt-number"
              >
                {receiptText(payment, t)}
              </dd>
              <dt className="text-stone-600">{t('order.receipt.amount')}</dt>
              <dd className="font-semibold text-ink">{formatKsh(payment.amount)}</dd>
              <dt className="text-stone-600">{t('order.receipt.when')}</dt>
              <dd className="text-stone-800">{formatDate(payment.createdAt, 'dateTime')}</dd>
              {payment.phone ? (
                <>
                  <dt className="text-stone-600">{t('order.receipt.phone')}</dt>
                  <dd className="text-stone-800">{formatPhoneForDisplay(payment.phone)}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
