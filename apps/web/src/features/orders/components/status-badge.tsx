import type { DeliveryStatus, PaymentStatus } from '@urembo/contract/order-status';
import { useT } from '../../../i18n/i18n';

const STYLES: Record<PaymentStatus | DeliveryStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  'payment-unsuccessful': 'bg-red-50 text-red-700 ring-red-200',
  refunded: 'bg-violet-50 text-violet-800 ring-violet-200',
  'in-transit': 'bg-sky-50 text-sky-800 ring-sky-200',
  delivered: 'bg-teal-50 text-teal-800 ring-teal-200',
  cancelled: 'bg-stone-100 text-stone-600 ring-stone-300',
};

/** A status as a small coloured pill with its label ("Payment Unsuccessful"); `kind` says which status it is. */
export function StatusBadge({
  status,
  kind,
}: {
  status: PaymentStatus | DeliveryStatus;
  kind: 'Payment' | 'Delivery';
}) {
  const t = useT();
  const label = t(`status.${status}`);
  const kindLabel = t(kind === 'Payment' ? 'status.payment' : 'status.delivery');
  return (
    <span
      className={`relative inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}
      title={`${kindLabel}: ${label}`}
    >
      <span className="sr-only">{kindLabel}: </span>
      {label}
    </span>
  );
}
