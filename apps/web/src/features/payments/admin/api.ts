import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, type Paged } from '@urembo/contract/common';
import type {
  C2bRegistration,
  OrderMatch,
  Payment,
  PaymentFilter,
  Reconciliation,
} from '@urembo/contract/payments';
import { api } from '../../../lib/api-client';

/** Admin-only hooks, apart from the storefront's (this file reaches only the admin panel's chunk). */
export const adminPaymentKeys = {
  all: ['admin-payments'] as const,
  page: (page: number, filter: PaymentFilter) => ['admin-payments', page, filter] as const,
  orderSearch: (q: string) => ['admin-payments', 'order-search', q] as const,
  reconciliation: (date: string) => ['admin-payments', 'reconciliation', date] as const,
  c2bRegistration: ['admin-payments', 'c2b-registration'] as const,
};

export function useAdminPayments(page: number, filter: PaymentFilter = 'all') {
  return useQuery({
    queryKey: adminPaymentKeys.page(page, filter),
    queryFn: () =>
      api.get<Paged<Payment>>(
        `/payment/?page=${page}&limit=${PAGE_SIZES.adminPayments}&filter=${encodeURIComponent(filter)}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Orders an unmatched payment may belong to: by reference, phone or name. */
export function useOrderSearch(q: string) {
  return useQuery({
    queryKey: adminPaymentKeys.orderSearch(q),
    queryFn: () =>
      api.get<{ data: OrderMatch[] }>(`/payment/order-search?q=${encodeURIComponent(q)}`).then((r) => r.data),
    enabled: q.trim().length >= 2,
  });
}

export function useAssignPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, order }: { id: string; order: string }) =>
      api.put<Payment>(`/payment/${id}`, { order }),
    // The list, the day's reconciliation and the order search all start with the same key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all }),
  });
}

export function useReconciliation(date: string) {
  return useQuery({
    queryKey: adminPaymentKeys.reconciliation(date),
    queryFn: () => api.get<Reconciliation>(`/payment/reconciliation?date=${encodeURIComponent(date)}`),
  });
}

export function useC2bRegistration() {
  return useQuery({
    queryKey: adminPaymentKeys.c2bRegistration,
    queryFn: () => api.get<C2bRegistration>('/payment/c2b/registration'),
  });
}

export function useRegisterC2b() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<C2bRegistration>('/payment/c2b/registration'),
    onSuccess: (state) => queryClient.setQueryData(adminPaymentKeys.c2bRegistration, state),
  });
}

export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: boolean }) =>
      api.put<Payment>(`/payment/${id}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all }),
  });
}
