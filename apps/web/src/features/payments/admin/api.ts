import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import type { PaymentFilter, RefundBody } from '@urembo/contract/payments';
import { paymentRoutes } from '@urembo/contract/routes/payments';
import { call } from '../../../lib/api-client';

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
      call(paymentRoutes.listPayments, { query: { page, limit: PAGE_SIZES.adminPayments, filter } }),
    placeholderData: keepPreviousData,
  });
}

/** Orders an unmatched payment may belong to: by reference, phone or name. */
export function useOrderSearch(q: string) {
  return useQuery({
    queryKey: adminPaymentKeys.orderSearch(q),
    queryFn: () => call(paymentRoutes.searchPaymentOrders, { query: { q } }).then((r) => r.data),
    enabled: q.trim().length >= 2,
  });
}

export function useAssignPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, order }: { id: string; order: string }) =>
      call(paymentRoutes.updatePayment, { params: { id }, body: { order } }),
    // The list, the day's reconciliation and the order search all start with the same key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all }),
  });
}

export function useReconciliation(date: string) {
  return useQuery({
    queryKey: adminPaymentKeys.reconciliation(date),
    queryFn: () => call(paymentRoutes.getReconciliation, { query: { date } }),
  });
}

export function useC2bRegistration() {
  return useQuery({
    queryKey: adminPaymentKeys.c2bRegistration,
    queryFn: () => call(paymentRoutes.getC2bRegistration),
  });
}

export function useRegisterC2b() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(paymentRoutes.registerC2bUrls),
    onSuccess: (state) => queryClient.setQueryData(adminPaymentKeys.c2bRegistration, state),
  });
}

export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: boolean }) =>
      call(paymentRoutes.updatePayment, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all }),
  });
}

/** POST /payment/{id}/refund: one Idempotency-Key per dialog, so a double click refunds once. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, body }: { id: string; key: string; body: RefundBody }) =>
      call(paymentRoutes.refundPayment, { params: { id }, body, headers: { 'idempotency-key': key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all }),
  });
}
