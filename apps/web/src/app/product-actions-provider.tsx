import { lazy, Suspense, type ReactNode } from 'react';
import type { Product } from '@urembo/contract/catalogue';
import { ProductActionsContext, type ProductActions } from '../features/catalogue/components/product-actions';

// The cart's buttons load with the first product that shows them, not with the shell.
const AddToCartButtons = lazy(() =>
  import('../features/cart/components/add-to-cart-buttons').then((m) => ({ default: m.AddToCartButtons })),
);

const renderActions: ProductActions = (product: Product, place, variant) => (
  <Suspense fallback={<div className={place === 'card' ? 'h-8' : 'h-11'} aria-hidden="true" />}>
    <AddToCartButtons product={product} variant={variant ?? null} compact={place === 'card'} />
  </Suspense>
);

/** "Add to cart" and "Buy now" on every product page and card. */
export function ProductActionsProvider({ children }: { children: ReactNode }) {
  return <ProductActionsContext.Provider value={renderActions}>{children}</ProductActionsContext.Provider>;
}
