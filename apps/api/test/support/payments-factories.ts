import { afterEach, beforeAll, expect } from 'vitest';
import type { PaymentStatus } from '../../src/db/schema';
import { signedInUser } from './auth';
import type { DarajaPeer } from './daraja-peer';
import { createTestOrder, type TestOrderOptions } from './orders-factories';
import type { TestContext } from './test-app';

/**
 * For a suite against a Daraja peer: serves the app on the port the peer calls back, and fails each test after which
 * the peer saw a request that breaks Safaricom's rules (then forgets them, so the next test starts clean).
 */
export function serveToPeer(ctx: () => TestContext, port: number, peer: DarajaPeer): void {
  beforeAll(async () => {
    await ctx().app.listen({ port, host: '127.0.0.1' });
  });
  afterEach(() => {
    const problems = [...peer.problems];
    peer.problems.length = 0;
    expect(problems).toEqual([]);
  });
}

/** A signed-in customer with an order of theirs (Ksh 2350 unless told otherwise). */
export async function customerWithOrder(ctx: TestContext, options: TestOrderOptions = {}) {
  const { user, cookie } = await signedInUser(ctx);
  const order = await createTestOrder(ctx, user.id, options);
  return { user, cookie, order };
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
