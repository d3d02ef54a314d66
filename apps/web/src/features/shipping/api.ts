import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@urembo/contract/common';
import type { Country, County, Location, ShippingKind, Town } from '@urembo/contract/shipping';
import { api } from '../../lib/api-client';

export type Place = Country | County | Town | Location;

const PARENT_PARAM: Record<ShippingKind, string | null> = {
  countries: null,
  counties: 'country',
  towns: 'county',
  locations: 'town',
};

/** One level of the geography under a parent (the same keys as the address form's selects). */
export function useShippingList(kind: ShippingKind, parentId: string | undefined) {
  const param = PARENT_PARAM[kind];
  return useQuery({
    queryKey: param ? ['shipping', kind, parentId] : ['shipping', kind],
    queryFn: () =>
      api.get<Collection<Place>>(
        param ? `/shipping/${kind}?${param}=${encodeURIComponent(parentId!)}` : `/shipping/${kind}`,
      ),
    select: (r) => r.data,
    enabled: !param || !!parentId,
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['shipping'] });
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
