import { expect, it } from 'vitest';
import type { Payment } from '@urembo/contract/payments';
import { nowIso } from '../src/db/sql-values';
import { newId } from '../src/lib/ids';
import { signedInUser } from './support/auth';
import { customerWithOrder } from './support/payments-factories';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

/*
 * What a customer reads of her own order's payments: no staff-only text (an admin's note, a refund's reason,
 * Safaricom's failure) and no one else's full phone number. An admin reads all of it.
 */

const STRANGER = '254799888777';
const NOTE = 'Staff: cash counted at the Yaya stall by Otieno';
const REASON = 'Staff: suspected fraud, check with the bank first';
const FAILURE = 'M-Pesa refused the reversal: R000002 initiator credentials';

async function payment(
  ctx: TestContext,
  values: {
    orderId: string | null;
    userId: string | null;
    receipt: string;
    phone: string | null;
    note?: string;
  },
) {
  const id = newId();
  const now = nowIso();
  await ctx.database.db
    .insertInto('payments')
    .values({
      id,
      source: values.note ? 'admin' : 'mpesa-c2b',
      order_id: values.orderId,
      user_id: values.userId,
      stk_request_id: null,
      full_name: 'Juma Otieno',
      amount: 1000,
      channel: 'M-Pesa',
      receipt: values.receipt,
      phone: values.phone,
      status: 1,
      flag: null,
      state: 'completed',
      hold_reason: null,
      note: values.note ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function refund(ctx: TestContext, paymentId: string, state: 'completed' | 'failed') {
  const now = nowIso();
  await ctx.database.db
    .insertInto('refunds')
    .values({
      id: newId(),
      payment_id: paymentId,
      amount: 1000,
      method: state === 'completed' ? 'manual' : 'mpesa-reversal',
      state,
      receipt: state === 'completed' ? 'RFD1234567' : null,
      reason: REASON,
      failure: state === 'failed' ? FAILURE : null,
      idempotency_key: null,
      conversation_id: null,
      next_attempt_at: null,
      admin_id: null,
      created_at: now,
      updated_at: now,
      completed_at: state === 'completed' ? now : null,
    })
    .execute();
}

let counter = 0;

describeEachDialect('what a customer sees of her payments', (ctx) => {
  async function orderWithPayments() {
    const n = String(++counter);
    const { user, cookie, order } = await customerWithOrder(ctx(), { total: 5000 });
    const own = await payment(ctx(), {
      orderId: order.id,
      userId: user.id,
      receipt: `OWN123456${n}`,
      phone: user.phone,
      note: NOTE,
    });
    const other = await payment(ctx(), {
      orderId: order.id,
      userId: null,
      receipt: `OTH123456${n}`,
      phone: STRANGER,
    });
    await refund(ctx(), own, 'completed');
    await refund(ctx(), other, 'failed');
    return { user, cookie, order, own, other };
  }

  it('leaves staff-only text out of GET /payment/order/{id} for the customer', async () => {
    const { user, cookie, order, own, other } = await orderWithPayments();
    const res = await callApi(ctx(), 'GET', `/payment/order/${order.id}`, cookie);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Payment[] }).data;
    const body = res.body;
    expect(body).not.toContain(NOTE);
    expect(body).not.toContain(REASON);
    expect(body).not.toContain(FAILURE);
    expect(body).not.toContain(STRANGER);
    const mine = data.find((p) => p._id === own)!;
    const theirs = data.find((p) => p._id === other)!;
    expect(mine.note).toBeNull();
    expect(mine.phone).toBe(user.phone);
    expect(theirs.phone).toBe('2547*****777');
    // The contract's Refund keeps every field: the reason is there, empty; the failure is null.
    expect(mine.refunds).toEqual([
      expect.objectContaining({ state: 'completed', receipt: 'RFD1234567', reason: '', failure: null }),
    ]);
    expect(theirs.refunds).toEqual([expect.objectContaining({ state: 'failed', reason: '', failure: null })]);
  });

  it('shows an admin the note, the reasons, the failure and the payer number', async () => {
    const { order, own, other } = await orderWithPayments();
    const { cookie } = await signedInUser(ctx(), { role: 'admin' });
    const res = await callApi(ctx(), 'GET', `/payment/order/${order.id}`, cookie);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Payment[] }).data;
    const mine = data.find((p) => p._id === own)!;
    const theirs = data.find((p) => p._id === other)!;
    expect(mine.note).toBe(NOTE);
    expect(mine.refunds[0]).toMatchObject({ reason: REASON, failure: null });
    expect(theirs.phone).toBe(STRANGER);
    expect(theirs.refunds[0]).toMatchObject({ reason: REASON, failure: FAILURE });
  });

  it('masks another payer’s number in the customer’s data export too', async () => {
    const { user, cookie, order, own, other } = await orderWithPayments();
    const res = await callApi(ctx(), 'GET', '/user/me/export', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(STRANGER);
    const exported = res.json() as {
      orders: { _id: string; payments: { _id: string; phone: string | null }[] }[];
    };
    const payments = exported.orders.find((o) => o._id === order.id)!.payments;
    expect(payments.find((p) => p._id === own)!.phone).toBe(user.phone);
    expect(payments.find((p) => p._id === other)!.phone).toBe('2547*****777');
  });

  it('masks the payer number of paybill money the customer claims with its receipt', async () => {
    const { cookie, order } = await customerWithOrder(ctx(), { total: 5000 });
    await payment(ctx(), { orderId: null, userId: null, receipt: 'PBL1234567', phone: STRANGER });
    const res = await callApi(ctx(), 'POST', '/payment/', cookie, {
      ID: 'user-mpesa-form',
      fullName: 'Wanjiku',
      amount: 1000,
      order: order.id,
      receipt: 'pbl1234567',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ receipt: 'PBL1234567', order: order.id, phone: '2547*****777' });
    expect(res.body).not.toContain(STRANGER);
  });
});
