import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@urembo/contract/common';
import type { Country, County, Location, ShippingKind, Town } from '@urembo/contract/shipping';
import { api } from '../../lib/api-client';

export type Place = Country | County | Town | Location;
interface PlaceOf {
  countries: Country;
  counties: County;
  towns: Town;
  locations: Location;
}

const PARENT_PARAM: Record<ShippingKind, string | null> = {
  countries: null,
  counties: 'country',
  towns: 'county',
  locations: 'town',
};

/** The geography's query keys: every one starts with 'shipping', so an admin change refreshes them all. */
export const shippingKeys = {
  all: ['shipping'] as const,
  list: (kind: ShippingKind, parentId: string | undefined) =>
    PARENT_PARAM[kind] ? (['shipping', kind, parentId ?? ''] as const) : (['shipping', kind] as const),
};

/** The geography changes rarely (and the admin's changes refresh it): lists stay fresh for 10 minutes. */
const GEOGRAPHY_STALE_MS = 10 * 60_000;

/**
 * One level of the geography under a parent: the admin's shipping table and the address form's cascading selects.
 * Waits for the parent (counties of a country, towns of a county, locations of a town).
 */
export function useShippingList<K extends ShippingKind>(kind: K, parentId: string | undefined) {
  const param = PARENT_PARAM[kind];
  return useQuery({
    queryKey: shippingKeys.list(kind, parentId),
    queryFn: () =>
      api.get<Collection<PlaceOf[K]>>(
        param ? `/shipping/${kind}?${param}=${encodeURIComponent(parentId!)}` : `/shipping/${kind}`,
      ),
    select: (r) => r.data,
    enabled: !param || !!parentId,
    staleTime: GEOGRAPHY_STALE_MS,
  });
}

/** The body of a create or update for a level: its name, its parent and (locations) the fee. */
export function placeBody(
  kind: ShippingKind,
  values: { name: string; parentId?: string; shippingFee?: number },
) {
  const param = PARENT_PARAM[kind];
  return {
    name: values.name,
    ...(param && values.parentId ? { [param]: values.parentId } : {}),
    ...(kind === 'locations' ? { shippingFee: values.shippingFee } : {}),
  };
}

export function useShippingMutations(kind: ShippingKind) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: shippingKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: Record<string, unknown>) =>
        api.post<Place & { message: string }>(`/shipping/${kind}`, body),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
        api.put<Place & { message: string }>(`/shipping/${kind}/${encodeURIComponent(id)}`, body),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        api.delete<{ message: string }>(`/shipping/${kind}/${encodeURIComponent(id)}`),
      onSettled: refresh,
    }),
  };
}
