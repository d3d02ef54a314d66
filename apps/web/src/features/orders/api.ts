import type { AdminOrderFilter } from '@urembo/contract/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection, Paged } from '@urembo/contract/common';
import type { Order, OrderItem, OrderMessage, UpdateOrderStatusBody } from '@urembo/contract/orders';
import type { OrderStatusFilter } from '@urembo/contract/order-status';
import { api } from '../../lib/api-client';
import { useAuthUser } from '../../app/data/session';

/** The orders feature's query keys: every one starts with 'orders'. */
export const orderKeys = {
  all: ['orders'] as const,
  /** The customer's own lists, one per status. */
  lists: ['orders', 'mine'] as const,
  mine: (userId: string | undefined, status: OrderStatusFilter) =>
    ['orders', 'mine', userId, status] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  messages: (id: string) => ['orders', 'messages', id] as const,
  adminLists: ['orders', 'admin'] as const,
  admin: (page: number, awaiting: AdminOrderFilter | 'all') => ['orders', 'admin', page, awaiting] as const,
  adminItemLists: ['orders', 'admin-items'] as const,
  adminItems: (page: number) => ['orders', 'admin-items', page] as const,
};

/** How often an unpaid order's page asks the shop again. */
export const ORDER_REFRESH_MS = 4000;

/** The signed-in customer's orders whose payment or delivery status is `status`. */
export function useMyOrders(status: OrderStatusFilter) {
  const { data: user } = useAuthUser();
  return useQuery({
    queryKey: orderKeys.mine(user?._id, status),
    queryFn: () =>
      api
        .get<Collection<Order>>(`/order/user/${user!._id}?status=${encodeURIComponent(status)}`)
        .then((r) => r.data),
    enabled: !!user,
    // Orders change outside this browser (M-Pesa callbacks, the shop's staff): always ask again on opening.
    staleTime: 0,
  });
}

export function useOrder(id: string) {
  const { data: user } = useAuthUser();
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => api.get<Order>(`/order/${encodeURIComponent(id)}`),
    enabled: !!user,
    // A payment confirmed by M-Pesa or an admin changes the order elsewhere: always ask again on opening.
    staleTime: 0,
    // While it is unpaid, a paybill payment can settle it at any moment: keep asking, so "Paid" shows by itself.
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && order.paymentStatus !== 'paid' && order.deliveryStatus !== 'cancelled'
        ? ORDER_REFRESH_MS
        : false;
    },
    refetchIntervalInBackground: false,
  });
}

export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Order & { message?: string }>(`/order/${encodeURIComponent(id)}/cancel`),
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
    queryFn: () => api.get<Paged<Order>>(`/order?page=${page}${awaiting ? `&awaiting=${awaiting}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateOrderStatusBody }) =>
      api.put<Order & { message?: string }>(`/order/updateStatus/${encodeURIComponent(id)}`, change),
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
    queryFn: () => api.get<Paged<OrderItem>>(`/orderItem/?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/** An order's SMS (admin): what was sent, what waits, what failed and why. */
export function useOrderMessages(id: string) {
  return useQuery({
    queryKey: orderKeys.messages(id),
    queryFn: () =>
      api.get<{ data: OrderMessage[] }>(`/order/${encodeURIComponent(id)}/messages`).then((r) => r.data),
    staleTime: 0,
  });
}
