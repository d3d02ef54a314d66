import type { CreateOrderBody } from '@urembo/contract/orders';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import { newOrderReference } from '../../src/modules/orders/reference';
import type { TestContext } from './test-app';

/*
 * Factories for the cart and order tests: delivery places, cart lines, order bodies and order rows, inserted directly.
 * Categories and products come from catalogue-factories.ts.
 */

let counter = 0;

export interface TestPlace {
  country: string;
  county: string;
  town: string;
  location: string;
  locationId: string;
  shippingFee: number;
}

async function findOrInsert(
  ctx: TestContext,
  table: 'countries' | 'counties' | 'towns',
  name: string,
  parent: { column: 'country_id' | 'county_id'; id: string } | null,
): Promise<string> {
  const db = ctx.database.db;
  let query = db.selectFrom(table).select('id').where('name', '=', name);
  if (parent) query = query.where(parent.column as never, '=', parent.id as never);
  const found = await query.executeTakeFirst();
  if (found) return found.id;
  const id = newId();
  await db
    .insertInto(table)
    .values({ id, name, created_at: nowIso(), ...(parent ? { [parent.column]: parent.id } : {}) } as never)
    .execute();
  return id;
}

/** A delivery location (and its country, county and town, reused by name). */
export async function createPlace(
  ctx: TestContext,
  overrides: Partial<Omit<TestPlace, 'locationId'>> = {},
): Promise<TestPlace> {
  counter += 1;
  const place = {
    country: overrides.country ?? 'Kenya',
    county: overrides.county ?? 'Nairobi',
    town: overrides.town ?? 'Westlands',
    location: overrides.location ?? `Sarit Centre ${counter}`,
    shippingFee: overrides.shippingFee ?? 250,
  };
  const countryId = await findOrInsert(ctx, 'countries', place.country, null);
  const countyId = await findOrInsert(ctx, 'counties', place.county, { column: 'country_id', id: countryId });
  const townId = await findOrInsert(ctx, 'towns', place.town, { column: 'county_id', id: countyId });
  const locationId = newId();
  await ctx.database.db
    .insertInto('locations')
    .values({
      id: locationId,
      name: place.location,
      town_id: townId,
      shipping_fee: place.shippingFee,
      created_at: nowIso(),
    })
    .execute();
  return { ...place, locationId };
}

export async function addCartLine(ctx: TestContext, userId: string, productId: string, count: number) {
  const now = nowIso();
  await ctx.database.db
    .insertInto('cart_lines')
    .values({ user_id: userId, product_id: productId, count, created_at: now, updated_at: now })
    .execute();
}

export function orderBody(
  place: TestPlace,
  items: { _id: string; count: number }[],
  overrides: Partial<CreateOrderBody> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: 'Amina Wanjiru',
    phone: '0712 345 678',
    email: 'Amina@Example.com',
    country: place.country,
    county: place.county,
    town: place.town,
    location: place.location,
    items,
    ...overrides,
  };
}

/** Inserts an order row (no items) in the given state, for list and status tests. */
export async function insertOrderRow(
  ctx: TestContext,
  userId: string,
  overrides: {
    paymentStatus?: 'pending' | 'paid' | 'payment-unsuccessful';
    deliveryStatus?: 'pending' | 'in-transit' | 'delivered' | 'cancelled';
    createdAt?: string;
    total?: number;
  } = {},
): Promise<string> {
  const id = newId();
  const now = overrides.createdAt ?? nowIso();
  await ctx.database.db
    .insertInto('orders')
    .values({
      id,
      reference: newOrderReference(),
      user_id: userId,
      name: 'Test Buyer',
      email: null,
      phone: '254712345678',
      country: 'Kenya',
      county: 'Nairobi',
      town: 'Westlands',
      location: 'Sarit Centre',
      location_id: null,
      subtotal: (overrides.total ?? 1250) - 250,
      shipping_fee: 250,
      total_amount: overrides.total ?? 1250,
      payment_status: overrides.paymentStatus ?? 'pending',
      delivery_status: overrides.deliveryStatus ?? 'pending',
      idempotency_key: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
