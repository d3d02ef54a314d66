import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressBody } from '@urembo/contract/addresses';
import { addressRoutes } from '@urembo/contract/routes/addresses';
import { call } from '../../lib/api-client';

/** The address book's query keys. */
export const addressKeys = {
  all: ['addresses'] as const,
  list: (userId: string) => ['addresses', 'list', userId] as const,
};

/** The customer's address book (GET /address/user/{userId}); the profile edits it, the checkout picks from it. */
export function useAddresses(userId: string | undefined) {
  return useQuery({
    queryKey: addressKeys.list(userId ?? ''),
    queryFn: () => call(addressRoutes.listAddresses, { params: { userId: userId! } }),
    enabled: !!userId,
    select: (r) => r.data,
  });
}

export function useSaveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AddressBody }) =>
      id
        ? call(addressRoutes.updateAddress, { params: { id }, body })
        : call(addressRoutes.createAddress, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) }),
  });
}

export function useDeleteAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(addressRoutes.deleteAddress, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) }),
  });
}
