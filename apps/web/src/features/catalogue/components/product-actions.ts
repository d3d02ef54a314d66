import { createContext, useContext, type ReactNode } from 'react';
import type { Product, Variant } from '@urembo/contract/catalogue';

/**
 * What a product offers besides being looked at ("Add to cart", "Buy now"), on its page and on its cards. The cart
 * feature provides it (composed in app/, so the catalogue does not import the cart); without a provider nothing is
 * shown.
 */
export type ProductActions = (
  product: Product,
  place: 'page' | 'card',
  /** The variant chosen on the product page (a product with variants needs one to be bought). */
  variant?: Variant | null,
) => ReactNode;

export const ProductActionsContext = createContext<ProductActions | null>(null);

export function useProductActions(): ProductActions | null {
  return useContext(ProductActionsContext);
}
