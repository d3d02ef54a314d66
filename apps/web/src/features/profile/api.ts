import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressBody } from '@urembo/contract/addresses';
import type { Collection } from '@urembo/contract/common';
import type { Country, County, Location, Town } from '@urembo/contract/shipping';
import { api } from '../../lib/api-client';

export const addressesKey = (userId: string) => ['addresses', userId] as const;

export function useAddresses(userId: string | undefined) {
  return useQuery({
    queryKey: addressesKey(userId ?? ''),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesKey(userId) }),
  });
}

export function useDeleteAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/address/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesKey(userId) }),
  });
}

/*
 * The delivery geography for the address form's cascading selects. The keys start with "shipping", so the admin's
 * changes (which invalidate ["shipping"]) reach these lists too.
 */
const GEOGRAPHY_STALE_MS = 10 * 60_000;

export function useCountries() {
  return useQuery({
    queryKey: ['shipping', 'countries'],
    queryFn: () => api.get<Collection<Country>>('/shipping/countries'),
    select: (r) => r.data,
    staleTime: GEOGRAPHY_STALE_MS,
  });
}

export function useCounties(countryId: string | undefined) {
  return useQuery({
    queryKey: ['shipping', 'counties', countryId],
    queryFn: () =>
      api.get<Collection<County>>(`/shipping/counties?country=${encodeURIComponent(countryId!)}`),
    select: (r) => r.data,
    enabled: !!countryId,
    staleTime: GEOGRAPHY_STALE_MS,
  });
}

export function useTowns(countyId: string | undefined) {
  return useQuery({
    queryKey: ['shipping', 'towns', countyId],
    queryFn: () => api.get<Collection<Town>>(`/shipping/towns?county=${encodeURIComponent(countyId!)}`),
    select: (r) => r.data,
    enabled: !!countyId,
    staleTime: GEOGRAPHY_STALE_MS,
  });
}

export function useLocations(townId: string | undefined) {
  return useQuery({
    queryKey: ['shipping', 'locations', townId],
    queryFn: () => api.get<Collection<Location>>(`/shipping/locations?town=${encodeURIComponent(townId!)}`),
    select: (r) => r.data,
    enabled: !!townId,
    staleTime: GEOGRAPHY_STALE_MS,
  });
}
