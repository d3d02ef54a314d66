import type { CreateOrderBody } from '@urembo/contract/orders';
import type { Selectable } from 'kysely';
import type { DeliveryStatus, OrdersTable, PaymentStatus } from '../../src/db/schema';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import { newOrderReference } from '../../src/modules/orders/reference';
import type { TestContext } from './test-app';

/*
 * Factories for the cart, order and payment tests: delivery places, cart lines, order bodies and order rows, inserted
 * directly. Categories and products come from catalogue-factories.ts.
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

export type OrderRow = Selectable<OrdersTable>;

export interface TestOrderOptions {
  /** The total, Ksh 200 delivery included; by default the products' prices plus delivery, or 2350 without products. */
  total?: number;
  paymentStatus?: PaymentStatus;
  deliveryStatus?: DeliveryStatus;
  /** The number the order was placed with: the customer's own unless given. */
  phone?: string;
  createdAt?: string;
  /** When it was delivered (a delivered order's: when it was placed, unless told). */
  deliveredAt?: string;
  /** One order line per product (count 1, at the product's price). */
  products?: { id: string; name: string; price: number }[];
}

/**
 * Inserts an order of the customer directly, in the statuses a test needs, under the customer's name and phone
 * (read from the users row), to Sarit Centre in Westlands.
 */
export async function createTestOrder(
  ctx: TestContext,
  userId: string,
  options: TestOrderOptions = {},
): Promise<OrderRow> {
  const now = options.createdAt ?? nowIso();
  const products = options.products ?? [];
  const shippingFee = 200;
  const total =
    options.total ?? (options.products ? products.reduce((sum, p) => sum + p.price, 0) + shippingFee : 2350);
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['full_name', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const row: OrderRow = {
    id: newId(),
    reference: newOrderReference(),
    user_id: userId,
    name: user.full_name,
    email: null,
    phone: options.phone ?? user.phone,
    country: 'Kenya',
    county: 'Nairobi',
    town: 'Westlands',
    location: 'Sarit Centre',
    location_id: null,
    subtotal: total - shippingFee,
    discount_code: null,
    discount_amount: 0,
    whatsapp: 0,
    shipping_fee: shippingFee,
    total_amount: total,
    payment_status: options.paymentStatus ?? 'pending',
    delivery_status: options.deliveryStatus ?? 'pending',
    idempotency_key: null,
    delivered_at: options.deliveredAt ?? ((options.deliveryStatus ?? 'pending') === 'delivered' ? now : null),
    created_at: now,
    updated_at: now,
  };
  await ctx.database.db.insertInto('orders').values(row).execute();
  if (products.length > 0) {
    await ctx.database.db
      .insertInto('order_items')
      .values(
        products.map((p, position) => ({
          id: newId(),
          order_id: row.id,
          product_id: p.id,
          name: p.name,
          price: p.price,
          image: null,
          count: 1,
          position,
          created_at: now,
        })),
      )
      .execute();
  }
  return row;
}
