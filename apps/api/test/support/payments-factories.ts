import type { Selectable } from 'kysely';
import type { DeliveryStatus, OrdersTable, PaymentStatus } from '../../src/db/schema';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import { newOrderReference } from '../../src/modules/orders/reference';
import type { TestContext } from './test-app';

export type OrderRow = Selectable<OrdersTable>;

/**
 * Inserts an order directly (the orders feature lives on another branch): a total, a customer, and the statuses
 * a test needs. The order phone is the customer's unless given.
 */
export async function createTestOrder(
  ctx: TestContext,
  userId: string,
  options: {
    total?: number;
    paymentStatus?: PaymentStatus;
    deliveryStatus?: DeliveryStatus;
    phone?: string;
  } = {},
): Promise<OrderRow> {
  const now = nowIso();
  const total = options.total ?? 2350;
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
    subtotal: total - 200,
    shipping_fee: 200,
    total_amount: total,
    payment_status: options.paymentStatus ?? 'pending',
    delivery_status: options.deliveryStatus ?? 'pending',
    idempotency_key: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.database.db.insertInto('orders').values(row).execute();
  return row;
}

export async function orderPaymentStatus(ctx: TestContext, orderId: string): Promise<PaymentStatus> {
  const row = await ctx.database.db
    .selectFrom('orders')
    .select('payment_status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.payment_status;
}

export function paymentsOfOrder(ctx: TestContext, orderId: string) {
  return ctx.database.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
}

export function stkRequestsOfOrder(ctx: TestContext, orderId: string) {
  return ctx.database.db.selectFrom('stk_requests').selectAll().where('order_id', '=', orderId).execute();
}

export function auditRows(ctx: TestContext, checkoutRequestId: string) {
  return ctx.database.db
    .selectFrom('mpesa_callbacks')
    .selectAll()
    .where('checkout_request_id', '=', checkoutRequestId)
    .orderBy('received_at')
    .execute();
}

/** Moves an STK request's push (and last query) into the past, so resolve treats its callback as late. */
export async function backdateStkRequest(ctx: TestContext, id: string, ms: number): Promise<void> {
  const row = await ctx.database.db
    .selectFrom('stk_requests')
    .select(['created_at', 'last_query_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const shift = (iso: string | null) => (iso ? new Date(Date.parse(iso) - ms).toISOString() : null);
  await ctx.database.db
    .updateTable('stk_requests')
    .set({ created_at: shift(row.created_at)!, last_query_at: shift(row.last_query_at) })
    .where('id', '=', id)
    .execute();
}
