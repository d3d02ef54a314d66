import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddToCartBody, Cart, RemoveFromCartBody } from '@urembo/contract/orders';
import { cartRoutes } from '@urembo/contract/routes/cart';
import { call } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { useAuthUser } from '../../app/data/session';
import { addGuestLine, clearGuestCart, fetchGuestCart, removeGuestLine } from './guest-cart';

export { mergeGuestCart } from './guest-cart';

/** The cart's query keys: one cart per signed-in customer. */
export const cartKeys = {
  all: ['cart'] as const,
  mine: (userId: string | undefined) => ['cart', userId ?? 'signed-out'] as const,
};

export const fetchCart = (userId: string) => call(cartRoutes.getCart, { params: { userId } });

const HYDRATING_VISITOR_CART = ['cart', 'hydrating-visitor'] as const;

/**
 * What the server renders for a visitor's cart: empty. It renders the cart page only for a visitor whose browser
 * keeps no cart (apps/api/src/web/server-render.ts reads the cookie guest-cart.ts sets), and the header's count of
 * every other page is drawn from this browser's cart once the app runs.
 */
const SERVER_VISITOR_CART: Cart = { data: [], subtotal: 0 };

/** The cart (lines and subtotal): the signed-in customer's from the server, a visitor's from this browser. */
export function useCart() {
  const { data: user, isPending } = useAuthUser();
  // A visitor's cart lives in the browser: the server's render must not answer it (as empty) for everyone.
  // Until this component has hydrated it reads a key that never holds data, so it draws what the server drew even
  // when another part of the page (the header's badge, hydrated earlier) has already read the cart from this browser.
  const hydrated = useHydrated();
  const visitorOnServer = !user && typeof window === 'undefined';
  return useQuery({
    queryKey: user || hydrated ? cartKeys.mine(user?._id) : HYDRATING_VISITOR_CART,
    queryFn: () => (user ? fetchCart(user._id) : fetchGuestCart()),
    enabled: !isPending && (!!user || hydrated),
    ...(visitorOnServer ? { initialData: SERVER_VISITOR_CART } : {}),
  });
}

/** How many items the cart holds (the header's cart badge). */
export function useCartCount(): number {
  const { data } = useCart();
  return data?.data.reduce((sum, line) => sum + (line.status === 'active' ? line.count : 0), 0) ?? 0;
}

/** Every cart mutation answers the whole cart: it replaces the cached one. */
function useCartMutation<TBody>(
  call: (userId: string, body: TBody) => Promise<Cart>,
  asVisitor: (body: TBody) => void,
) {
  const { data: user } = useAuthUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBody) => {
      if (user) return call(user._id, body);
      asVisitor(body);
      return fetchGuestCart();
    },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.mine(user?._id), cart),
  });
}

export function useAddToCart() {
  return useCartMutation(
    (userId, body: AddToCartBody) => call(cartRoutes.addToCart, { params: { userId }, body }),
    (body) => addGuestLine(body.productId, body.variantId, body.count ?? 1),
  );
}

export function useRemoveFromCart() {
  return useCartMutation(
    (userId, body: RemoveFromCartBody) => call(cartRoutes.removeFromCart, { params: { userId }, body }),
    (body) => removeGuestLine(body.productId, body.variantId, body.all ?? false),
  );
}

export function useClearCart() {
  return useCartMutation(
    (userId, _body: void) => call(cartRoutes.clearCart, { params: { userId } }),
    () => clearGuestCart(),
  );
}
