import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatKsh } from '@urembo/contract/money';
import type { Order } from '@urembo/contract/orders';
import type { CreateReturnBody, Return } from '@urembo/contract/returns';
import { returnRoutes } from '@urembo/contract/routes/returns';
import { describeOptions } from '@urembo/contract/variants';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { call, errorMessage } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { useT } from '../../../i18n/i18n';

/** One order line: the product and, for a shade or size, the variant. */
function lineKey(item: Order['items'][number]): string {
  return item.variant ? `${item._id}:${item.variant._id}` : item._id;
}

/** "Matte Lipstick (Shade: Rose)": a returned line named as the order names it, with its shade or size. */
function returnedName(order: Order, item: Return['items'][number]): string {
  const variant = item.variant
    ? order.items.find((l) => l.variant?._id === item.variant!._id)?.variant
    : null;
  return variant ? `${item.name} (${describeOptions(variant.options)})` : item.name;
}

/**
 * The returns of a delivered order and, within the return window, "Return items": the lines and counts to send
 * back and why. Hidden for orders that were never delivered.
 */
export function OrderReturns({ order }: { order: Order }) {
  const t = useT();
  const client = useQueryClient();
  const config = usePublicConfig();
  const key = ['orders', 'returns', order._id] as const;
  const returns = useQuery({
    queryKey: key,
    queryFn: () => call(returnRoutes.listOrderReturns, { params: { id: order._id } }),
    select: (body) => body.data,
    enabled: order.deliveryStatus === 'delivered',
  });
  const create = useMutation({
    mutationFn: (body: CreateReturnBody) =>
      call(returnRoutes.createReturn, { params: { id: order._id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  if (order.deliveryStatus !== 'delivered') return null;

  const days = config.data?.returnDays ?? 7;
  const closes = order.deliveredAt ? Date.parse(order.deliveredAt) + days * 86_400_000 : 0;
  const windowOpen = Date.now() <= closes;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const items = order.items
      .filter((item) => (counts[lineKey(item)] ?? 0) > 0)
      .map((item) => ({
        _id: item._id,
        ...(item.variant ? { variant: item.variant._id } : {}),
        count: counts[lineKey(item)]!,
      }));
    try {
      await create.mutateAsync({ items, reason });
      toast.success(t('returns.requested'));
      setOpen(false);
      setCounts({});
      setReason('');
    } catch (error) {
      toast.error(errorMessage(error, t('returns.failed')));
    }
  }

  return (
    <section className="card p-5" aria-labelledby="returns-heading">
      <h2 id="returns-heading" className="font-display text-xl font-semibold text-brand-800">
        {t('returns.heading')}
      </h2>
      {returns.data && returns.data.length > 0 ? (
        <ul className="mt-3 space-y-3" data-testid="order-returns">
          {returns.data.map((r) => (
            <li key={r._id} className="rounded-xl bg-stone-50 p-3 text-sm">
              <p className="font-semibold text-ink">{t(`returns.state.${r.state}`)}</p>
              <p className="mt-1 text-stone-700">
                {r.items.map((i) => `${i.count} × ${returnedName(order, i)}`).join(', ')} ·{' '}
                {formatKsh(r.refundAmount)}
              </p>
              {r.note ? <p className="mt-1 text-stone-700">{r.note}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {windowOpen ? (
        open ? (
          <form onSubmit={submit} className="mt-4 space-y-3" aria-label={t('returns.form')}>
            <ul className="space-y-2">
              {order.items.map((item) => (
                <li key={lineKey(item)} className="flex items-center justify-between gap-3">
                  <label htmlFor={`return-${lineKey(item)}`} className="min-w-0 text-sm font-medium">
                    {item.name}
                    {item.variant ? (
                      <span className="text-stone-500"> ({describeOptions(item.variant.options)})</span>
                    ) : null}
                  </label>
                  <select
                    id={`return-${lineKey(item)}`}
                    className="input h-10 w-20 py-0"
                    value={counts[lineKey(item)] ?? 0}
                    onChange={(e) => setCounts((c) => ({ ...c, [lineKey(item)]: Number(e.target.value) }))}
                  >
                    {Array.from({ length: item.count + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ul>
            <label htmlFor="return-reason" className="block text-sm font-medium">
              {t('returns.why')}
            </label>
            <textarea
              id="return-reason"
              className="input min-h-20"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <div className="flex gap-2">
              <button type="submit" className="btn-primary" disabled={create.isPending}>
                {t('returns.request')}
              </button>
              <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
                {t('form.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className="mt-3">
            <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
              {t('returns.open')}
            </button>
            <p className="mt-2 text-xs text-stone-600">
              {t('returns.until', {
                date: new Date(closes).toLocaleDateString(t.locale, { day: 'numeric', month: 'long' }),
              })}
            </p>
          </div>
        )
      ) : (
        <p className="mt-3 text-sm text-stone-600">{t.n('returns.closed', days)}</p>
      )}
    </section>
  );
}
