import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@urembo/contract/common';
import { shippingRoutes } from '@urembo/contract/routes/shipping';
import type { Country, County, Location, ShippingKind, Town } from '@urembo/contract/shipping';
import { callRoute } from '../../lib/api-client';

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

/** Each level's list and its create (the other changes name the level in their path). */
const LIST_ROUTE = {
  countries: shippingRoutes.listCountries,
  counties: shippingRoutes.listCounties,
  towns: shippingRoutes.listTowns,
  locations: shippingRoutes.listLocations,
};
const CREATE_ROUTE = {
  countries: shippingRoutes.createCountry,
  counties: shippingRoutes.createCounty,
  towns: shippingRoutes.createTown,
  locations: shippingRoutes.createLocation,
};

/** The geography's query keys: every one starts with 'shipping', so an admin change refreshes them all. */
export const shippingKeys = {
  all: ['shipping'] as const,
  list: (kind: ShippingKind, parentId: string | undefined, includeInactive = false) =>
    PARENT_PARAM[kind]
      ? (['shipping', kind, parentId ?? '', includeInactive] as const)
      : (['shipping', kind, includeInactive] as const),
};

/** The geography changes rarely (and the admin's changes refresh it): lists stay fresh for 10 minutes. */
const GEOGRAPHY_STALE_MS = 10 * 60_000;

/**
 * One level of the geography under a parent: the admin's shipping table (includeInactive: switched-off places too)
 * and the address form's cascading selects. Waits for the parent (counties of a country, towns of a county,
 * locations of a town).
 */
export function useShippingList<K extends ShippingKind>(
  kind: K,
  parentId: string | undefined,
  includeInactive = false,
) {
  const param = PARENT_PARAM[kind];
  return useQuery({
    queryKey: shippingKeys.list(kind, parentId, includeInactive),
    queryFn: () =>
      callRoute(LIST_ROUTE[kind], {
        query: {
          ...(param ? { [param]: parentId } : {}),
          ...(includeInactive ? { includeInactive: 'true' } : {}),
        },
      }) as Promise<Collection<PlaceOf[K]>>,
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
        callRoute(CREATE_ROUTE[kind], { body }) as Promise<Place & { message: string }>,
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
        callRoute(shippingRoutes.updatePlace, { params: { kind, id }, body }) as Promise<
          Place & { message: string }
        >,
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        callRoute(shippingRoutes.deletePlace, { params: { kind, id } }) as Promise<{ message: string }>,
      onSettled: refresh,
    }),
  };
}
