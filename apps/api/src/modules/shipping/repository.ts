import type { Kysely, Transaction } from 'kysely';
import type { ShippingKind } from '@urembo/contract/shipping';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Each level's parent (kind and the column that points at it); countries have none. */
export const PARENT = {
  counties: { kind: 'countries', column: 'country_id' },
  towns: { kind: 'counties', column: 'county_id' },
  locations: { kind: 'towns', column: 'town_id' },
} as const;

/** Each level's children; locations have none. */
export const CHILDREN = {
  countries: { kind: 'counties', column: 'country_id' },
  counties: { kind: 'towns', column: 'county_id' },
  towns: { kind: 'locations', column: 'town_id' },
} as const;

export interface PlaceRow {
  id: string;
  name: string;
  /** The parent's id (null for a country). */
  parentId: string | null;
  /** Locations only. */
  shippingFee: number | null;
  /** false: switched off. */
  active: boolean;
}

/** Which of a list's places to give: all of them (the admin's table) or only those delivered to (shoppers). */
export interface ListFilter {
  /** Leave out switched-off places and those under a switched-off place. */
  activeOnly: boolean;
}

function row<T extends { active: number }>(r: T): Omit<T, 'active'> & { active: boolean } {
  return { ...r, active: Number(r.active) === 1 };
}

export async function listCountries(db: Db, filter: ListFilter): Promise<PlaceRow[]> {
  let q = db.selectFrom('countries').select(['id', 'name', 'active']).orderBy('name');
  if (filter.activeOnly) q = q.where('active', '=', 1);
  return (await q.execute()).map((r) => ({ ...row(r), parentId: null, shippingFee: null }));
}

export async function listCounties(db: Db, filter: ListFilter, countryId?: string): Promise<PlaceRow[]> {
  let q = db
    .selectFrom('counties')
    .innerJoin('countries', 'countries.id', 'counties.country_id')
    .select(['counties.id', 'counties.name', 'counties.country_id as parentId', 'counties.active'])
    .orderBy('counties.name');
  if (countryId) q = q.where('counties.country_id', '=', countryId);
  if (filter.activeOnly) q = q.where('counties.active', '=', 1).where('countries.active', '=', 1);
  return (await q.execute()).map((r) => ({ ...row(r), shippingFee: null }));
}

export async function listTowns(db: Db, filter: ListFilter, countyId?: string): Promise<PlaceRow[]> {
  let q = db
    .selectFrom('towns')
    .innerJoin('counties', 'counties.id', 'towns.county_id')
    .innerJoin('countries', 'countries.id', 'counties.country_id')
    .select(['towns.id', 'towns.name', 'towns.county_id as parentId', 'towns.active'])
    .orderBy('towns.name');
  if (countyId) q = q.where('towns.county_id', '=', countyId);
  if (filter.activeOnly) {
    q = q.where('towns.active', '=', 1).where('counties.active', '=', 1).where('countries.active', '=', 1);
  }
  return (await q.execute()).map((r) => ({ ...row(r), shippingFee: null }));
}

export async function listLocations(db: Db, filter: ListFilter, townId?: string): Promise<PlaceRow[]> {
  let q = db
    .selectFrom('locations')
    .innerJoin('towns', 'towns.id', 'locations.town_id')
    .innerJoin('counties', 'counties.id', 'towns.county_id')
    .innerJoin('countries', 'countries.id', 'counties.country_id')
    .select([
      'locations.id',
      'locations.name',
      'locations.town_id as parentId',
      'locations.shipping_fee as shippingFee',
      'locations.active',
    ])
    .orderBy('locations.name');
  if (townId) q = q.where('locations.town_id', '=', townId);
  if (filter.activeOnly) {
    q = q
      .where('locations.active', '=', 1)
      .where('towns.active', '=', 1)
      .where('counties.active', '=', 1)
      .where('countries.active', '=', 1);
  }
  return (await q.execute()).map(row);
}

export async function findPlace(db: Db, kind: ShippingKind, id: string): Promise<PlaceRow | undefined> {
  switch (kind) {
    case 'countries': {
      const r = await db
        .selectFrom('countries')
        .select(['id', 'name', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { ...row(r), parentId: null, shippingFee: null };
    }
    case 'counties': {
      const r = await db
        .selectFrom('counties')
        .select(['id', 'name', 'country_id as parentId', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { ...row(r), shippingFee: null };
    }
    case 'towns': {
      const r = await db
        .selectFrom('towns')
        .select(['id', 'name', 'county_id as parentId', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { ...row(r), shippingFee: null };
    }
    case 'locations': {
      const r = await db
        .selectFrom('locations')
        .select(['id', 'name', 'town_id as parentId', 'shipping_fee as shippingFee', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && row(r);
    }
  }
}

/** Another place of that level under the same parent with the same name, compared without case. */
export async function findSameName(
  db: Db,
  kind: ShippingKind,
  name: string,
  parentId: string | null,
  exceptId?: string,
): Promise<{ id: string; name: string } | undefined> {
  let q = db
    .selectFrom(kind)
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (kind !== 'countries' && parentId) {
    // The parent column differs per level; the union table type cannot name it, so each level filters itself.
    const column = PARENT[kind].column;
    q = q.where(column as 'id', '=', parentId);
  }
  return q.executeTakeFirst();
}

export async function countChildren(db: Db, kind: ShippingKind, id: string): Promise<number> {
  if (kind === 'locations') return 0;
  const child = CHILDREN[kind];
  const row = await db
    .selectFrom(child.kind)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(child.column as 'id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPlace(
  db: Db,
  kind: ShippingKind,
  row: { id: string; name: string; parentId: string | null; shippingFee: number | null; createdAt: string },
): Promise<void> {
  const base = { id: row.id, name: row.name, created_at: row.createdAt };
  switch (kind) {
    case 'countries':
      await db.insertInto('countries').values(base).execute();
      return;
    case 'counties':
      await db
        .insertInto('counties')
        .values({ ...base, country_id: row.parentId! })
        .execute();
      return;
    case 'towns':
      await db
        .insertInto('towns')
        .values({ ...base, county_id: row.parentId! })
        .execute();
      return;
    case 'locations':
      await db
        .insertInto('locations')
        .values({ ...base, town_id: row.parentId!, shipping_fee: row.shippingFee ?? 0 })
        .execute();
  }
}

export async function updatePlace(
  db: Db,
  kind: ShippingKind,
  id: string,
  changes: { name: string; parentId: string | null; shippingFee: number | null; active: boolean },
): Promise<void> {
  const active = changes.active ? 1 : 0;
  switch (kind) {
    case 'countries':
      await db.updateTable('countries').set({ name: changes.name, active }).where('id', '=', id).execute();
      return;
    case 'counties':
      await db
        .updateTable('counties')
        .set({ name: changes.name, country_id: changes.parentId!, active })
        .where('id', '=', id)
        .execute();
      return;
    case 'towns':
      await db
        .updateTable('towns')
        .set({ name: changes.name, county_id: changes.parentId!, active })
        .where('id', '=', id)
        .execute();
      return;
    case 'locations':
      await db
        .updateTable('locations')
        .set({
          name: changes.name,
          town_id: changes.parentId!,
          shipping_fee: changes.shippingFee ?? 0,
          active,
        })
        .where('id', '=', id)
        .execute();
  }
}

export async function deletePlace(db: Db, kind: ShippingKind, id: string): Promise<void> {
  await db.deleteFrom(kind).where('id', '=', id).execute();
}

/** A delivery location with its fee and each level's name as the shop spells it. */
export interface NamedLocation {
  id: string;
  shippingFee: number;
  country: string;
  county: string;
  town: string;
  location: string;
  /**
   * The name of the highest switched-off level of the location's chain ("Nairobi" when that county is off), or
   * null when every level is delivered to.
   */
  switchedOff: string | null;
}

/** Every delivery location with its id, fee and each level's name (the base of the lookups below and the demo). */
export function locationsWithNames(db: Db) {
  return db
    .selectFrom('locations')
    .innerJoin('towns', 'towns.id', 'locations.town_id')
    .innerJoin('counties', 'counties.id', 'towns.county_id')
    .innerJoin('countries', 'countries.id', 'counties.country_id')
    .select([
      'locations.id as id',
      'locations.shipping_fee as shippingFee',
      'countries.name as country',
      'counties.name as county',
      'towns.name as town',
      'locations.name as location',
      'countries.active as countryActive',
      'counties.active as countyActive',
      'towns.active as townActive',
      'locations.active as locationActive',
    ]);
}

/** A row of locationsWithNames as a NamedLocation (which level, if any, is switched off). */
export function toNamedLocation(r: {
  id: string;
  shippingFee: number;
  country: string;
  county: string;
  town: string;
  location: string;
  countryActive: number;
  countyActive: number;
  townActive: number;
  locationActive: number;
}): NamedLocation {
  const off = (flag: number) => Number(flag) !== 1;
  const switchedOff = off(r.countryActive)
    ? r.country
    : off(r.countyActive)
      ? r.county
      : off(r.townActive)
        ? r.town
        : off(r.locationActive)
          ? r.location
          : null;
  return {
    id: r.id,
    shippingFee: r.shippingFee,
    country: r.country,
    county: r.county,
    town: r.town,
    location: r.location,
    switchedOff,
  };
}

/**
 * THE lookup of a delivery location by names (country → county → town → location), without regard to case, for
 * addresses and orders; undefined when the shop does not deliver to that combination.
 */
export async function findLocationByNames(
  db: Db,
  names: { country: string; county: string; town: string; location: string },
): Promise<NamedLocation | undefined> {
  const found = await locationsWithNames(db)
    .where((eb) =>
      eb.and([
        eb(eb.fn('lower', ['countries.name']), '=', names.country.toLowerCase()),
        eb(eb.fn('lower', ['counties.name']), '=', names.county.toLowerCase()),
        eb(eb.fn('lower', ['towns.name']), '=', names.town.toLowerCase()),
        eb(eb.fn('lower', ['locations.name']), '=', names.location.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  return found && toNamedLocation(found);
}

/** placeKey's four names, lowered: how findManyLocationsByNames matches what it found to what was asked. */
export function placeKey(names: { country: string; county: string; town: string; location: string }): string {
  return [names.country, names.county, names.town, names.location].map((n) => n.toLowerCase()).join('\u0000');
}

/** findLocationByNames for many places in one query, keyed by placeKey (a place not delivered to is missing). */
export async function findManyLocationsByNames(
  db: Db,
  places: { country: string; county: string; town: string; location: string }[],
): Promise<Map<string, NamedLocation>> {
  const found = new Map<string, NamedLocation>();
  if (places.length === 0) return found;
  const wanted = new Set(places.map(placeKey));
  const names = [...new Set(places.map((p) => p.location.toLowerCase()))];
  const rows = await locationsWithNames(db)
    .where((eb) => eb(eb.fn('lower', ['locations.name']), 'in', names))
    .execute();
  for (const r of rows) {
    const location = toNamedLocation(r);
    const key = placeKey(location);
    if (wanted.has(key)) found.set(key, location);
  }
  return found;
}

/**
 * How many saved addresses use a place. Addresses keep the place names (and a location's id); a place is matched
 * by its name under its parent's name, so an address saved before location ids were kept counts too.
 */
export async function countAddressesUsing(
  db: Db,
  kind: ShippingKind,
  place: { id: string; name: string },
  parentName: string | null,
): Promise<number> {
  let q = db.selectFrom('addresses').select((eb) => eb.fn.countAll().as('n'));
  switch (kind) {
    case 'countries':
      q = q.where('country', '=', place.name);
      break;
    case 'counties':
      q = q.where('county', '=', place.name).where('country', '=', parentName ?? '');
      break;
    case 'towns':
      q = q.where('town', '=', place.name).where('county', '=', parentName ?? '');
      break;
    case 'locations':
      q = q.where((eb) =>
        eb.or([
          eb('location_id', '=', place.id),
          eb.and([
            eb('location_id', 'is', null),
            eb('location', '=', place.name),
            eb('town', '=', parentName ?? ''),
          ]),
        ]),
      );
      break;
  }
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
