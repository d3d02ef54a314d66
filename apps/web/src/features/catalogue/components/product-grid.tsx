import type { Product } from '@urembo/contract/catalogue';
import { ProductCard, ProductCardSkeleton } from './product-card';
import { useT } from '../../../i18n/i18n';

const GRIDS = {
  5: 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5',
  4: 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4',
};

/**
 * A grid of product cards; while the first page loads, as many skeleton cards as the page will hold (so nothing
 * jumps when they arrive). `eagerCount` cards load their pictures at once (above the fold).
 */
export function ProductGrid({
  products,
  isLoading,
  skeletons = 10,
  variant,
  eagerCount = 0,
  label,
  dimmed = false,
  columns = 5,
}: {
  products: Product[] | undefined;
  isLoading: boolean;
  skeletons?: number;
  variant?: 'default' | 'featured';
  eagerCount?: number;
  label: string;
  /** A new page is on its way: the old one stays, faded. */
  dimmed?: boolean;
  /** Columns on a wide screen (5 for pages of 10, 4 for the 8 related products). */
  columns?: 4 | 5;
}) {
  const t = useT();
  const grid = GRIDS[columns];
  if (isLoading && !products) {
    return (
      <div className={grid} role="status" aria-label={t('list.loading', { label })}>
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul
      className={`${grid} transition-opacity ${dimmed ? 'opacity-60' : ''}`}
      aria-label={label}
      aria-busy={dimmed}
    >
      {(products ?? []).map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} variant={variant} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
