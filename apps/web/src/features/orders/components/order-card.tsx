import { formatKsh } from '@urembo/contract/money';
import type { Order } from '@urembo/contract/orders';
import { Link } from 'wouter';
import { ProductThumb } from '../../../components/product-thumb';
import { itemCount } from './order-format';
import { StatusBadge } from './status-badge';
import { useDates, useT } from '../../../i18n/i18n';

/** One order in the customer's list: when, what, how much, and where it stands. */
export function OrderCard({ order }: { order: Order }) {
  const t = useT();
  const { formatDate } = useDates();
  const count = itemCount(order);
  const pictures = order.items.slice(0, 3);
  return (
    <li>
      <Link
        to={`/order/${order._id}`}
        className="card block p-4 transition hover:ring-brand-300 focus-visible:ring-brand-400"
        aria-label={t('orderCard.label', {
          reference: order.reference,
          date: formatDate(order.createdAt),
          total: formatKsh(order.totalAmount),
        })}
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-sm text-stone-500">{formatDate(order.createdAt)}</p>
            <p className="font-semibold text-ink">{t('orderCard.order', { reference: order.reference })}</p>
          </div>
          <p className="text-right">
            <span className="block text-lg font-semibold text-brand-800">{formatKsh(order.totalAmount)}</span>
            <span className="text-sm text-stone-500">{t.n('orderCard.items', count)}</span>
          </p>
        </div>
        <div className="mt-3 flex items-center gap-2">
          {pictures.map((item) => (
            <ProductThumb key={item._id} src={item.images[0]} alt="" size={44} />
          ))}
          {order.items.length > pictures.length ? (
            <span className="text-sm text-stone-500">
              {t('orderCard.more', { count: order.items.length - pictures.length })}
            </span>
          ) : null}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-stone-100 pt-3 text-xs text-stone-500">
          <span className="flex items-center gap-1.5">
            {t('status.payment')} <StatusBadge status={order.paymentStatus} kind="Payment" />
          </span>
          <span className="flex items-center gap-1.5">
            {t('status.delivery')} <StatusBadge status={order.deliveryStatus} kind="Delivery" />
          </span>
          <span className="ml-auto text-sm font-medium text-brand-700">{t('orderCard.view')}</span>
        </div>
      </Link>
    </li>
  );
}
