import type { Insertable } from 'kysely';
import type { OrdersTable, PaymentStatus, ReviewsTable } from '../../src/db/schema';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import { newOrderReference } from '../../src/modules/orders/reference';
import type { TestContext } from './test-app';

/** Inserts an order of the user with one line per product (count 1), in the given payment status. */
export async function createTestOrder(
  ctx: TestContext,
  userId: string,
  products: { id: string; name: string; price: number }[],
  paymentStatus: PaymentStatus = 'paid',
): Promise<Insertable<OrdersTable> & { id: string }> {
  const now = nowIso();
  const subtotal = products.reduce((sum, p) => sum + p.price, 0);
  const order = {
    id: newId(),
    reference: newOrderReference(),
    user_id: userId,
    name: 'Test Buyer',
    email: null,
    phone: '254700000000',
    country: 'Kenya',
    county: 'Nairobi',
    town: 'Westlands',
    location: 'Sarit',
    location_id: null,
    subtotal,
    shipping_fee: 200,
    total_amount: subtotal + 200,
    payment_status: paymentStatus,
    delivery_status: 'pending' as const,
    idempotency_key: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.database.db.insertInto('orders').values(order).execute();
  if (products.length > 0) {
    await ctx.database.db
      .insertInto('order_items')
      .values(
        products.map((p, position) => ({
          id: newId(),
          order_id: order.id,
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
  return order;
}

/** Inserts a review directly (bypassing the rules), e.g. with a chosen created_at. */
export async function insertTestReview(
  ctx: TestContext,
  values: Omit<Insertable<ReviewsTable>, 'id' | 'created_at' | 'updated_at'> & { created_at?: string },
): Promise<string> {
  const id = newId();
  const at = values.created_at ?? nowIso();
  await ctx.database.db
    .insertInto('reviews')
    .values({ ...values, id, created_at: at, updated_at: at })
    .execute();
  return id;
}
