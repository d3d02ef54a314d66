import { formatKsh } from '@urembo/contract/money';
import { savePercent } from '@urembo/contract/variants';
import { useT } from '../../../i18n/i18n';

/**
 * A price, with the earlier price crossed out and "Save N%" when there is one. `from` says "From Ksh X" (a product
 * whose variants cost different amounts, on a card).
 */
export function PriceTag({
  price,
  compareAtPrice,
  size = 'small',
  from = false,
}: {
  price: number;
  compareAtPrice: number | null;
  size?: 'small' | 'large';
  from?: boolean;
}) {
  const t = useT();
  const save = savePercent(price, compareAtPrice);
  const large = size === 'large';
  return (
    <p
      className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 ${large ? '' : 'text-base'}`}
      data-testid="price"
    >
      <span className={`font-bold text-brand-700 ${large ? 'text-3xl' : ''}`}>
        {from ? (
          <span className={`font-medium ${large ? 'text-lg' : 'text-sm'}`}>{t('price.from')} </span>
        ) : null}
        {formatKsh(price)}
      </span>
      {save !== null && compareAtPrice !== null ? (
        <>
          <s className={`text-stone-500 ${large ? 'text-lg' : 'text-sm'}`}>
            <span className="sr-only">{t('price.was')} </span>
            {formatKsh(compareAtPrice)}
          </s>
          <span
            className={`rounded-full bg-rose-100 font-semibold text-rose-800 ${large ? 'px-2.5 py-0.5 text-sm' : 'px-2 text-xs'}`}
          >
            {t('price.save', { percent: save })}
          </span>
        </>
      ) : null}
    </p>
  );
}
