import { formatKsh } from '@urembo/contract/money';
import { usePublicConfig } from '../lib/public-config';
import { useT } from '../i18n/i18n';

/**
 * "Free delivery from Ksh 3,000" / "Add Ksh 650 more for free delivery" / "Your delivery is free", from the shop's
 * FREE_DELIVERY_FROM and the subtotal after any discount. Its line is kept while the settings load, so nothing
 * below it moves; a shop without free delivery shows nothing.
 */
export function FreeDeliveryNote({ amount, className = '' }: { amount: number | null; className?: string }) {
  const t = useT();
  const config = usePublicConfig();
  const from = config.data?.freeDeliveryFrom ?? null;
  let text = '';
  if (from !== null) {
    if (amount === null) text = t('delivery.freeFrom', { amount: formatKsh(from) });
    else if (amount >= from) text = t('delivery.free');
    else text = t('delivery.addMore', { amount: formatKsh(from - amount) });
  }
  return (
    <p
      className={`min-h-4 text-xs font-medium text-emerald-800 ${className}`}
      data-testid="free-delivery-note"
      aria-live="polite"
    >
      {from !== null && amount !== null && amount < from ? (
        <>
          {text}{' '}
          <span className="font-normal text-stone-600">
            {t('delivery.from', { amount: formatKsh(from) })}
          </span>
        </>
      ) : (
        text
      )}
    </p>
  );
}
