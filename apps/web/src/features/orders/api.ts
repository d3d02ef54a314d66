import type { AdminOrderFilter } from '@urembo/contract/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateOrderStatusBody } from '@urembo/contract/orders';
import type { OrderTab } from '@urembo/contract/order-status';
import { orderRoutes } from '@urembo/contract/routes/orders';
import { paymentRoutes } from '@urembo/contract/routes/payments';
import { call } from '../../lib/api-client';
import { useAuthUser } from '../../app/data/session';

/** The orders feature's query keys: every one starts with 'orders'. */
export const orderKeys = {
  all: ['orders'] as const,
  /** The customer's own lists, one per tab. */
  lists: ['orders', 'mine'] as const,
  mine: (userId: string | undefined, tab: OrderTab['slug']) => ['orders', 'mine', userId, tab] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  messages: (id: string) => ['orders', 'messages', id] as const,
  /** An order's payments (its customer or an admin): its receipts and their refunds. */
  payments: (id: string) => ['orders', 'payments', id] as const,
  adminLists: ['orders', 'admin'] as const,
  admin: (page: number, awaiting: AdminOrderFilter | 'all') => ['orders', 'admin', page, awaiting] as const,
  adminItemLists: ['orders', 'admin-items'] as const,
  adminItems: (page: number) => ['orders', 'admin-items', page] as const,
};

/** Reads an order's payments (the receipts block and the refunds list share the answer). */
export function fetchOrderPayments(orderId: string) {
  return call(paymentRoutes.listOrderPayments, { params: { orderId } }).then((r) => r.data);
}

/** How often an unpaid order's page asks the shop again. */
export const ORDER_REFRESH_MS = 4000;

/** The signed-in customer's orders of one tab (what they wait for, delivered, cancelled or all). */
export function useMyOrders(tab: OrderTab) {
  const { data: user } = useAuthUser();
  return useQuery({
    queryKey: orderKeys.mine(user?._id, tab.slug),
    queryFn: () =>
      call(orderRoutes.listUserOrders, { params: { userId: user!._id }, query: { ...tab.query } }).then(
        (r) => r.data,
      ),
    enabled: !!user,
    // Orders change outside this browser (M-Pesa callbacks, the shop's staff): always ask again on opening.
    staleTime: 0,
  });
}

export function useOrder(id: string) {
  const { data: user } = useAuthUser();
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => call(orderRoutes.getOrder, { params: { id } }),
    enabled: !!user,
    // A payment confirmed by M-Pesa or an admin changes the order elsewhere: always ask again on opening.
    staleTime: 0,
    // While it is unpaid, a paybill payment can settle it at any moment: keep asking, so "Paid" shows by itself.
    refetchInterval: (query) => {
      const order = query.state.data;
      const unpaid = order?.paymentStatus === 'pending' || order?.paymentStatus === 'payment-unsuccessful';
      return order && unpaid && order.deliveryStatus !== 'cancelled' ? ORDER_REFRESH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(orderRoutes.cancelOrder, { params: { id } }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}

/* ---- admin ---- */

/** The admin's orders, optionally only those awaiting payment or delivery (the dashboard's links). */
export function useAdminOrders(page: number, awaiting?: AdminOrderFilter) {
  return useQuery({
    queryKey: orderKeys.admin(page, awaiting ?? 'all'),
    queryFn: () => call(orderRoutes.listOrders, { query: { page, awaiting } }),
    placeholderData: keepPreviousData,
    // Payments, refunds and the unpaid-order sweep change orders outside this table: ask again on opening.
    staleTime: 0,
  });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateOrderStatusBody }) =>
      call(orderRoutes.updateOrderStatus, { params: { id }, body: change }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order._id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.adminLists });
      void queryClient.invalidateQueries({ queryKey: orderKeys.adminItemLists });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}

export function useAdminOrderItems(page: number) {
  return useQuery({
    queryKey: orderKeys.adminItems(page),
    queryFn: () => call(orderRoutes.listOrderItems, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** An order's SMS (admin): what was sent, what waits, what failed and why. */
export function useOrderMessages(id: string) {
  return useQuery({
    queryKey: orderKeys.messages(id),
    queryFn: () => call(orderRoutes.listOrderMessages, { params: { id } }).then((r) => r.data),
    staleTime: 0,
  });
}
