import type { Product } from '@urembo/contract/catalogue';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';
import { useLowStockAt } from '../components/stock-badge';
import { useAdjustStock } from './api';

/**
 * A product's stock with quick − / + buttons (one unit each; the form sets any number). Untracked stock shows
 * "Not tracked": tracking starts from the product form.
 */
export function StockControl({
  product,
  lowStockAt,
  onChanged,
}: {
  product: Pick<Product, '_id' | 'name' | 'stock'>;
  lowStockAt?: number;
  onChanged?: () => void;
}) {
  const adjust = useAdjustStock();
  const shopLowStockAt = useLowStockAt();
  const low = lowStockAt ?? shopLowStockAt;
  if (product.stock === null)
    return <span className="whitespace-nowrap text-sm text-stone-600">Not tracked</span>;
  const stock = product.stock;
  const change = (by: number) =>
    adjust.mutate(
      { id: product._id, change: by },
      {
        onSuccess: (updated) => {
          toast.success(updated.message);
          onChanged?.();
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not change the stock')),
      },
    );
  const tone = stock === 0 ? 'text-red-700' : stock <= low ? 'text-amber-700' : 'text-ink';
  const button =
    'flex h-8 w-8 items-center justify-center rounded-full text-base font-semibold text-brand-700 ring-1 ring-stone-300 hover:bg-brand-50 disabled:opacity-40';
  return (
    <span className="inline-flex items-center gap-1.5" role="group" aria-label={`Stock of ${product.name}`}>
      <button
        type="button"
        className={button}
        aria-label={`One less ${product.name} in stock`}
        disabled={adjust.isPending || stock === 0}
        onClick={() => change(-1)}
      >
        −
      </button>
      <span className={`min-w-8 text-center text-sm font-semibold tabular-nums ${tone}`} aria-live="polite">
        {stock}
      </span>
      <button
        type="button"
        className={button}
        aria-label={`Restock one more ${product.name}`}
        disabled={adjust.isPending}
        onClick={() => change(1)}
      >
        +
      </button>
    </span>
  );
}
