import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddToCartBody, Cart, RemoveFromCartBody } from '@urembo/contract/orders';
import { cartRoutes } from '@urembo/contract/routes/cart';
import { call } from '../../lib/api-client';
import { useAuthUser } from '../../app/data/session';

/** The cart's query keys: one cart per signed-in customer. */
export const cartKeys = {
  all: ['cart'] as const,
  mine: (userId: string | undefined) => ['cart', userId ?? 'signed-out'] as const,
};

export const fetchCart = (userId: string) => call(cartRoutes.getCart, { params: { userId } });

/** The signed-in customer's cart (lines and the server's subtotal); disabled for a visitor. */
export function useCart() {
  const { data: user } = useAuthUser();
  return useQuery({
    queryKey: cartKeys.mine(user?._id),
    queryFn: () => fetchCart(user!._id),
    enabled: !!user,
  });
}

/** How many items the cart holds (the header's cart badge); 0 for a visitor. */
export function useCartCount(): number {
  const { data } = useCart();
  return data?.data.reduce((sum, line) => sum + (line.status === 'active' ? line.count : 0), 0) ?? 0;
}

/** Every cart mutation answers the whole cart: it replaces the cached one. */
function useCartMutation<TBody>(call: (userId: string, body: TBody) => Promise<Cart>) {
  const { data: user } = useAuthUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => {
      if (!user) throw new Error('Please signup or login to your account');
      return call(user._id, body);
    },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.mine(user?._id), cart),
  });
}

export function useAddToCart() {
  return useCartMutation((userId, body: AddToCartBody) =>
    call(cartRoutes.addToCart, { params: { userId }, body }),
  );
}

export function useRemoveFromCart() {
  return useCartMutation((userId, body: RemoveFromCartBody) =>
    call(cartRoutes.removeFromCart, { params: { userId }, body }),
  );
}

export function useClearCart() {
  return useCartMutation((userId, _body: void) => call(cartRoutes.clearCart, { params: { userId } }));
}
