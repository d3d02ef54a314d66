import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressBody } from '@urembo/contract/addresses';
import type { Collection } from '@urembo/contract/common';
import { api } from '../../lib/api-client';

/** The address book's query keys. */
export const addressKeys = {
  all: ['addresses'] as const,
  list: (userId: string) => ['addresses', 'list', userId] as const,
};

/** The customer's address book (GET /address/user/{userId}); the profile edits it, the checkout picks from it. */
export function useAddresses(userId: string | undefined) {
  return useQuery({
    queryKey: addressKeys.list(userId ?? ''),
    queryFn: () => api.get<Collection<Address>>(`/address/user/${encodeURIComponent(userId!)}`),
    enabled: !!userId,
    select: (r) => r.data,
  });
}

export function useSaveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AddressBody }) =>
      id
        ? api.put<Address>(`/address/${encodeURIComponent(id)}`, body)
        : api.post<Address>('/address/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) }),
  });
}

export function useDeleteAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/address/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) }),
  });
}
