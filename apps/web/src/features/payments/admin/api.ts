import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, type Paged } from '@urembo/contract/common';
import type { Payment } from '@urembo/contract/payments';
import { api } from '../../../lib/api-client';

/** Admin-only hooks, apart from the storefront's (this file reaches only the admin panel's chunk). */
export const adminPaymentKeys = {
  all: ['admin-payments'] as const,
  page: (page: number) => ['admin-payments', page] as const,
};

export function useAdminPayments(page: number) {
  return useQuery({
    queryKey: adminPaymentKeys.page(page),
    queryFn: () => api.get<Paged<Payment>>(`/payment/?page=${page}&limit=${PAGE_SIZES.adminPayments}`),
    placeholderData: keepPreviousData,
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
