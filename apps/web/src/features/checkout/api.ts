import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@urembo/contract/addresses';
import type { CreateOrderBody, DeliveryPlace, OrderItemInput } from '@urembo/contract/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@urembo/contract/order-status';
import { orderRoutes } from '@urembo/contract/routes/orders';
import { call } from '../../lib/api-client';
import { cartKeys } from '../../app/data/cart';
import { orderKeys } from '../../app/data/orders';
import { useAuthUser } from '../../app/data/session';

/** The checkout's own query: the server's price for the items and the place. */
export const checkoutKeys = {
  quote: (
    userId: string | undefined,
    items: OrderItemInput[] | null,
    place: Partial<DeliveryPlace>,
    discountCode: string | null,
  ) => ['checkout', 'quote', userId, items, place, discountCode] as const,
};

/**
 * The address checkout starts with: the default, unless the shop no longer delivers there and another address is
 * delivered to; otherwise the first.
 */
export function pickDefaultAddress(addresses: Address[] | undefined): Address | null {
  if (!addresses || addresses.length === 0) return null;
  const fallback = addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;
  if (!fallback?.undeliverable) return fallback;
  return addresses.find((a) => !a.undeliverable) ?? fallback;
}

/** The server's price for the items (and delivery to the address): the checkout never adds up money itself. */
export function useOrderQuote(
  items: OrderItemInput[] | null,
  address: Address | null,
  addressKnown: boolean,
  discountCode: string | null = null,
) {
  const { data: user } = useAuthUser();
  const place = address
    ? { country: address.country, county: address.county, town: address.town, location: address.location }
    : {};
  return useQuery({
    queryKey: checkoutKeys.quote(user?._id, items, place, discountCode),
    queryFn: () =>
      call(orderRoutes.quoteOrder, {
        params: { userId: user!._id },
        body: { ...place, items: items!, ...(discountCode ? { discountCode } : {}) },
      }),
    // Wait for the address book, so a slow phone sends one quote, not one without delivery and another with it.
    enabled: !!user && addressKnown && !!items && items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * Tries a discount code on the items (the server's quote, without a place): answers the quote when the code applies,
 * or fails with the server's reason (400 with details on `discountCode`).
 */
export function useTryDiscountCode(items: OrderItemInput[]) {
  const { data: user } = useAuthUser();
  return useMutation({
    mutationFn: (discountCode: string) =>
      call(orderRoutes.quoteOrder, { params: { userId: user!._id }, body: { items, discountCode } }),
  });
}

/**
 * A fresh Idempotency-Key. crypto.randomUUID needs a secure context (HTTPS or localhost), so a shop opened over
 * plain HTTP on a LAN falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Places the order; the key makes a double tap or a retry after a dropped connection answer the same order. */
export function useCreateOrder() {
  const { data: user } = useAuthUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderBody; idempotencyKey: string }) =>
      call(orderRoutes.createOrder, {
        params: { id: user!._id },
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order._id), order);
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
