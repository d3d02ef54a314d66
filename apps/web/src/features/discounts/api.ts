import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDiscountBody, UpdateDiscountBody } from '@urembo/contract/discounts';
import { discountRoutes } from '@urembo/contract/routes/discounts';
import { call } from '../../lib/api-client';

export const discountKeys = { all: ['discounts'] as const };

/** Every discount code (admins). */
export function useDiscounts() {
  return useQuery({
    queryKey: discountKeys.all,
    queryFn: ({ signal }) => call(discountRoutes.listDiscounts, { signal }),
    select: (body) => body.data,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: discountKeys.all });
}

export function useCreateDiscount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateDiscountBody) => call(discountRoutes.createDiscount, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateDiscount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDiscountBody }) =>
      call(discountRoutes.updateDiscount, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteDiscount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(discountRoutes.deleteDiscount, { params: { id } }),
    onSuccess: refresh,
  });
}
