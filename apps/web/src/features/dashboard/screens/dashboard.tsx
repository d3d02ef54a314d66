import { bestBeforeLabel, isExpired } from '@urembo/contract/product-facts';
import { describeOptions } from '@urembo/contract/variants';
import type { Product } from '@urembo/contract/catalogue';
import { formatKsh } from '@urembo/contract/money';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAdminSummary } from '../api';
import { RevenueChart } from '../components/revenue-chart';

function Stat({
  label,
  value,
  detail,
  to,
  tone = 'plain',
}: {
  label: string;
  value: string;
  detail: string;
  to?: string;
  tone?: 'plain' | 'attention';
}) {
  const body = (
    <>
      <span className="text-xs font-semibold uppercase tracking-wider text-stone-500">{label}</span>
      <span
        className={`mt-1 block font-display text-2xl font-semibold tabular-nums sm:text-3xl ${
          tone === 'attention' ? 'text-brand-700' : 'text-ink'
        }`}
      >
        {value}
      </span>
      <span className="mt-0.5 block text-sm text-stone-500">{detail}</span>
    </>
  );
  const frame = 'card block p-4 sm:p-5';
  return to ? (
    <Link to={to} className={`${frame} transition-shadow hover:shadow-md focus-visible:shadow-md`}>
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The owner's morning view (the admin panel's first page): today's and the week's orders and paid revenue in
 * Nairobi days, a 30-day revenue chart, what waits for payment or delivery (links to the filtered orders table),
 * low stock with quick restock buttons, and best sellers. `stockControl` is the catalogue's restock buttons,
 * handed in by app/ so this feature does not import another.
 */
export function Dashboard({
  adminId,
  stockControl,
}: {
  adminId: string;
  stockControl: (product: Product, lowStockAt: number) => ReactNode;
}) {
  const summary = useAdminSummary();
  if (summary.isPending) return <Spinner label="Loading the dashboard" />;
  if (summary.isError) {
    return (
      <div className="card p-6 text-center" role="alert">
        <p className="font-medium text-stone-700">
          {errorMessage(summary.error, 'The dashboard could not load')}
        </p>
        <button type="button" className="btn-outline mt-4" onClick={() => void summary.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const s = summary.data;
  const orders = `/admin/${adminId}/orders`;
  return (
    <div className="space-y-4 sm:space-y-6">
      <section aria-label="Orders and revenue" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          label="Today"
          value={formatKsh(s.today.revenue)}
          detail={`${plural(s.today.orders, 'order', 'orders')} placed`}
        />
        <Stat
          label="Last 7 days"
          value={formatKsh(s.last7Days.revenue)}
          detail={`${plural(s.last7Days.orders, 'order', 'orders')} placed`}
        />
        <Stat
          label="Awaiting payment"
          value={String(s.awaitingPayment)}
          detail="unpaid orders →"
          to={`${orders}?awaiting=payment`}
          tone={s.awaitingPayment > 0 ? 'attention' : 'plain'}
        />
        <Stat
          label="Awaiting delivery"
          value={String(s.awaitingDelivery)}
          detail="paid, to deliver →"
          to={`${orders}?awaiting=delivery`}
          tone={s.awaitingDelivery > 0 ? 'attention' : 'plain'}
        />
      </section>

      <section className="card p-4 sm:p-5" aria-labelledby="revenue-heading">
        <h2 id="revenue-heading" className="font-display text-lg font-semibold text-brand-800">
          Revenue, last 30 days
        </h2>
        <div className="mt-3">
          <RevenueChart days={s.revenueByDay} />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-2">
        <section className="card p-4 sm:p-5" aria-labelledby="low-stock-heading">
          <h2 id="low-stock-heading" className="font-display text-lg font-semibold text-brand-800">
            Low stock <span className="text-sm font-normal text-stone-500">({s.lowStockAt} or fewer)</span>
          </h2>
          {s.lowStock.length === 0 && s.lowStockVariants.length === 0 ? (
            <p className="mt-3 text-sm text-stone-500">
              Every tracked product has more than {s.lowStockAt} in stock.
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-100" data-testid="low-stock">
              {s.lowStock.map((p) => (
                <li key={p._id} className="flex items-center justify-between gap-3 py-2.5">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-ink">{p.name}</span>
                    <span
                      className={`text-xs font-semibold ${p.inStock ? 'text-amber-700' : 'text-red-700'}`}
                    >
                      {p.inStock ? `Only ${p.stock} left` : 'Out of stock'}
                    </span>
                  </span>
                  {stockControl(p, s.lowStockAt)}
                </li>
              ))}
              {s.lowStockVariants.map(({ product, variant }) => (
                <li key={variant._id} className="flex items-center justify-between gap-3 py-2.5">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-ink">{product.name}</span>
                    <span className="block truncate text-xs text-stone-600">
                      {describeOptions(variant.options)} · {variant.sku}
                    </span>
                    <span
                      className={`text-xs font-semibold ${variant.stock > 0 ? 'text-amber-700' : 'text-red-700'}`}
                    >
                      {variant.stock > 0 ? `Only ${variant.stock} left` : 'Out of stock'}
                    </span>
                  </span>
                  <span className="max-w-32 text-right text-xs text-stone-500">
                    Restock in the product form
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card p-4 sm:p-5" aria-labelledby="expiring-heading">
          <h2 id="expiring-heading" className="font-display text-lg font-semibold text-brand-800">
            Expiring soon <span className="text-sm font-normal text-stone-500">(within 60 days)</span>
          </h2>
          {s.expiringSoon.length === 0 ? (
            <p className="mt-3 text-sm text-stone-500">No product’s best-before month ends within 60 days.</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-100" data-testid="expiring-soon">
              {s.expiringSoon.map((p) => (
                <li key={p._id} className="flex items-center justify-between gap-3 py-2.5">
                  <span className="min-w-0 truncate font-medium text-ink">{p.name}</span>
                  <span
                    className={`shrink-0 text-xs font-semibold ${isExpired(p.expiresOn) ? 'text-red-700' : 'text-amber-700'}`}
                  >
                    {isExpired(p.expiresOn) ? 'Expired' : 'Best before'} {bestBeforeLabel(p.expiresOn ?? '')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card p-4 sm:p-5" aria-labelledby="best-sellers-heading">
          <h2 id="best-sellers-heading" className="font-display text-lg font-semibold text-brand-800">
            Best sellers <span className="text-sm font-normal text-stone-500">(last 30 days)</span>
          </h2>
          {s.topProducts.length === 0 ? (
            <p className="mt-3 text-sm text-stone-500">No orders in the last 30 days yet.</p>
          ) : (
            <ol className="mt-2 divide-y divide-stone-100">
              {s.topProducts.map((p, i) => (
                <li key={p._id} className="flex items-center gap-3 py-2.5">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
                    {i + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate font-medium text-ink">{p.name}</span>
                  <span className="shrink-0 text-sm tabular-nums text-stone-600">
                    {plural(p.count, 'unit', 'units')}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
