import type { Product } from '@urembo/contract/catalogue';
import { usePublicConfig } from '../../../lib/public-config';
import { useT } from '../../../i18n/i18n';

/** Below this the storefront says "Only N left" when the shop's setting has not loaded yet. */
const DEFAULT_LOW_STOCK_AT = 5;

export type StockState = { kind: 'out' } | { kind: 'low'; left: number } | null;

/** What a shopper should be told about a product's stock: out of it, only a few left, or nothing. */
export function stockState(product: Pick<Product, 'stock' | 'inStock'>, lowStockAt: number): StockState {
  if (!product.inStock) return { kind: 'out' };
  if (product.stock !== null && product.stock <= lowStockAt) return { kind: 'low', left: product.stock };
  return null;
}

export function useLowStockAt(): number {
  return usePublicConfig().data?.lowStockAt ?? DEFAULT_LOW_STOCK_AT;
}

/** "Out of stock" or "Only N left", as a small pill (cards) or a line under the price (product page). */
export function StockBadge({
  product,
  size = 'small',
}: {
  product: Pick<Product, 'stock' | 'inStock'>;
  size?: 'small' | 'large';
}) {
  const t = useT();
  const state = stockState(product, useLowStockAt());
  if (!state) return null;
  const large = size === 'large';
  const base = large
    ? 'inline-flex rounded-full px-3 py-1 text-sm font-semibold'
    : 'rounded-full px-2.5 py-0.5 text-[11px] font-semibold shadow-sm';
  return state.kind === 'out' ? (
    <span className={`${base} bg-stone-800/90 text-white`} data-testid="stock-badge">
      {t('stock.out')}
    </span>
  ) : (
    <span className={`${base} bg-amber-100 text-amber-900`} data-testid="stock-badge">
      {t('stock.left', { count: state.left })}
    </span>
  );
}
