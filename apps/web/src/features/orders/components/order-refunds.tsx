import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatKsh } from '@urembo/contract/money';
import type { Order } from '@urembo/contract/orders';
import type { Refund } from '@urembo/contract/payments';
import { useEffect } from 'react';
import { fetchOrderPayments, orderKeys } from '../api';
import { formatDate } from '../../../lib/dates';
import { useT } from '../../../i18n/i18n';

/** How often the list is asked again while a refund is on its way (an M-Pesa Reversal waits for Safaricom). */
export const REFUNDS_REFRESH_MS = 4000;

const STATE_STYLE: Record<Refund['state'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  completed: 'bg-violet-50 text-violet-800 ring-violet-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
};

/** An order with money received may have refunds; an unpaid, uncancelled order has none to ask about. */
function mayHaveRefunds(order: Order): boolean {
  return order.paidAmount > 0 || order.refundedAmount > 0 || order.deliveryStatus === 'cancelled';
}

/** "Partly refunded": some of the order's money went back, not all of it (all of it is paymentStatus "refunded"). */
export function partlyRefunded(order: Order): boolean {
  return order.refundedAmount > 0 && order.paymentStatus !== 'refunded';
}

/**
 * The refunds of an order's payments, newest first: amount, how (M-Pesa reversal or by hand), receipt, date and
 * state. The customer's order page and the admin's order dialog both show it; only the admin sees the reason
 * written for a refund and why a Reversal failed (`forAdmin`). Nothing shows while there is no refund.
 */
export function OrderRefunds({ order, forAdmin = false }: { order: Order; forAdmin?: boolean }) {
  const t = useT();
  const client = useQueryClient();
  const refunds = useQuery({
    queryKey: orderKeys.payments(order._id),
    queryFn: () => fetchOrderPayments(order._id),
    select: (payments) =>
      payments
        .flatMap((p) => p.refunds)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)),
    enabled: mayHaveRefunds(order),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.refunds.some((r) => r.state === 'pending'))
        ? REFUNDS_REFRESH_MS
        : false,
    refetchIntervalInBackground: false,
  });

  // A refund that completed since the order was read changes its refunded amount and status: read it again.
  const completed = (refunds.data ?? [])
    .filter((r) => r.state === 'completed')
    .reduce((sum, r) => sum + r.amount, 0);
  const stale = refunds.isSuccess && completed > order.refundedAmount;
  useEffect(() => {
    if (!stale) return;
    void client.invalidateQueries({ queryKey: ['orders', 'detail', order._id] });
    void client.invalidateQueries({ queryKey: ['orders', 'admin'] });
  }, [stale, client, order._id]);

  const list = refunds.data ?? [];
  if (list.length === 0) return null;
  const Heading = forAdmin ? 'h3' : 'h2';
  return (
    <section
      className={forAdmin ? 'mt-3' : 'card p-5'}
      aria-labelledby={`refunds-heading-${order._id}`}
      data-testid="order-refunds"
    >
      <Heading
        id={`refunds-heading-${order._id}`}
        className={
          forAdmin ? 'text-sm font-semibold text-ink' : 'font-display text-xl font-semibold text-brand-800'
        }
      >
        {t('refunds.title')}
      </Heading>
      <ul className="mt-3 divide-y divide-stone-100 text-sm">
        {list.map((r) => (
          <li key={r._id} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-2.5">
            <div className="min-w-0">
              <p className="font-semibold text-ink">{formatKsh(r.amount)}</p>
              <p className="text-stone-600">
                {t(`refunds.method.${r.method}`)}
                {r.receipt ? (
                  <>
                    {` · ${t('refunds.receipt')} `}
                    <span className="font-mono break-all">{r.receipt}</span>
                  </>
                ) : null}
              </p>
              <p className="text-stone-500">{formatDate(r.completedAt ?? r.createdAt, 'dateTime')}</p>
              {forAdmin ? <p className="text-stone-600">Reason: {r.reason}</p> : null}
              {forAdmin && r.failure ? <p className="text-red-700">{r.failure}</p> : null}
              {!forAdmin && r.state === 'failed' ? (
                <p className="text-stone-600">{t('refunds.failedNote')}</p>
              ) : null}
            </div>
            <span
              className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_STYLE[r.state]}`}
            >
              <span className="sr-only">{`${t('refunds.stateLabel')} `}</span>
              {t(`refunds.state.${r.state}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
