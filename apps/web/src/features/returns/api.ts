import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import type { ReturnState, UpdateReturnBody } from '@urembo/contract/returns';
import { returnRoutes } from '@urembo/contract/routes/returns';
import { call } from '../../lib/api-client';

/** The admin Returns screen's data (reaches only the admin panel's chunk). */
export const adminReturnKeys = {
  all: ['admin-returns'] as const,
  page: (page: number, state: ReturnState | undefined) => ['admin-returns', page, state ?? 'all'] as const,
};

export function useAdminReturns(page: number, state: ReturnState | undefined) {
  return useQuery({
    queryKey: adminReturnKeys.page(page, state),
    queryFn: () =>
      call(returnRoutes.listReturns, {
        query: { page, limit: PAGE_SIZES.adminReturns, ...(state ? { state } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Approve, reject or receive a return; the list is fetched again either way (another admin may have moved it). */
export function useMoveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateReturnBody }) =>
      call(returnRoutes.updateReturn, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReturnKeys.all }),
  });
}
