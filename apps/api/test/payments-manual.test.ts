import { expect, it } from 'vitest';
import type { Payment } from '@urembo/contract/payments';
import { signedInUser } from './support/auth';
import { createTestOrder } from './support/orders-factories';
import { orderPaymentStatus, paymentsOfOrder } from './support/payments-factories';
import { describeEachDialect } from './support/test-app';

describeEachDialect('manual M-Pesa form and the admin payments table', (ctx) => {
  function submit(cookie: string | undefined, payload: Record<string, unknown>) {
    return ctx().app.inject({
      method: 'POST',
      url: '/api/v1/payment/',
      headers: cookie ? { cookie } : {},
      payload,
    });
  }

  function form(orderId: string, overrides: Record<string, unknown> = {}) {
    return {
      ID: 'user-mpesa-form',
      fullName: 'Amina Wanjiru',
      amount: 2350,
      channel: 'M-Pesa Paybill',
      order: orderId,
      receipt: 'nlj7rt61sv',
      ...overrides,
    };
  }

  function setStatus(cookie: string, id: string, status: unknown) {
    return ctx().app.inject({
      method: 'PUT',
      url: `/api/v1/payment/${id}`,
      headers: { cookie },
      payload: { status },
    });
  }

  it('records a pending payment (status false) for the owner, upper-casing the receipt', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const order = await createTestOrder(ctx(), user.id);
    const res = await submit(cookie, form(order.id, { status: true, receipt: ' nlj7 rt61sv ' }));
    expect(res.statusCode).toBe(201);
    const payment = res.json() as Payment;
    expect(payment).toEqual({
      _id: expect.any(String),
      ID: 'user-mpesa-form',
      fullName: 'Amina Wanjiru',
      amount: 2350,
      channel: 'M-Pesa Paybill',
      receipt: 'NLJ7RT61SV',
      phone: user.phone,
      order: order.id,
      orderReference: order.reference,
      status: false,
      flag: null,
      account: null,
      note: null,
      verification: null,
      createdAt: expect.any(String),
      state: 'pending',
      holdReason: null,
      refundedAmount: 0,
      refunds: [],
    });
    expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
  });

  it('refuses a receipt that was already used (409), even on another order', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const first = await createTestOrder(ctx(), user.id);
    const second = await createTestOrder(ctx(), user.id);
    expect((await submit(cookie, form(first.id, { receipt: 'ABC1234567' }))).statusCode).toBe(201);
    const again = await submit(cookie, form(second.id, { receipt: 'abc1234567' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This M-Pesa receipt number has already been used' });
    // At the same moment, only one of them is stored.
    const results = await Promise.all(
      [1, 2, 3].map(() => submit(cookie, form(second.id, { receipt: 'RACE123456' }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await paymentsOfOrder(ctx(), second.id)).filter((p) => p.receipt === 'RACE123456')).toHaveLength(
      1,
    );
  });

  it('validates the form with clear messages', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const order = await createTestOrder(ctx(), user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ receipt: '' }, 'Receipt number is required'],
      [{ receipt: 'SHORT' }, 'Receipt number must be 10 letters and digits, like NLJ7RT61SV'],
      [{ receipt: 'NLJ7RT61S!' }, 'Receipt number must be 10 letters and digits, like NLJ7RT61SV'],
      [{ fullName: '  ' }, 'Full name is required'],
      [{ amount: 0 }, 'Amount must be at least Ksh 1'],
      [{ amount: 12.5 }, 'Amount must be a whole number of shillings'],
      [{ amount: 'abc' }, 'Amount must be a whole number of shillings'],
      [{ ID: 'mpesa-stk' }, 'ID must be "user-mpesa-form"'],
    ];
    for (const [change, message] of cases) {
      const res = await submit(cookie, form(order.id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
  });

  it('is only for the owner of an unpaid, open order', async () => {
    const owner = await signedInUser(ctx());
    const stranger = await signedInUser(ctx());
    const order = await createTestOrder(ctx(), owner.user.id);
    expect((await submit(undefined, form(order.id))).statusCode).toBe(401);
    const other = await submit(stranger.cookie, form(order.id, { receipt: 'OTHER12345' }));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Order not found' });
    const paid = await createTestOrder(ctx(), owner.user.id, { paymentStatus: 'paid' });
    expect((await submit(owner.cookie, form(paid.id, { receipt: 'PAID123456' }))).statusCode).toBe(409);
    const cancelled = await createTestOrder(ctx(), owner.user.id, { deliveryStatus: 'cancelled' });
    expect((await submit(owner.cookie, form(cancelled.id, { receipt: 'CANC123456' }))).statusCode).toBe(409);
  });

  it('lets an admin complete it, which marks the order paid once payments cover the total', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const order = await createTestOrder(ctx(), user.id, { total: 3000 });
    const part1 = (
      await submit(cookie, form(order.id, { amount: 1000, receipt: 'PART1AAAAA' }))
    ).json() as Payment;
    const part2 = (
      await submit(cookie, form(order.id, { amount: 2000, receipt: 'PART2BBBBB' }))
    ).json() as Payment;

    const done1 = await setStatus(admin.cookie, part1._id, true);
    expect(done1.statusCode).toBe(200);
    expect(done1.json()).toMatchObject({ _id: part1._id, status: true });
    expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');

    expect((await setStatus(admin.cookie, part2._id, true)).json()).toMatchObject({ status: true });
    expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');

    // Setting a covering payment back to pending would leave a paid order uncovered: refused, nothing changes.
    const undo = await setStatus(admin.cookie, part2._id, false);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toMatch(/Refund it, or move the money to another order/);
    expect((await paymentsOfOrder(ctx(), order.id)).every((p) => p.status === 1)).toBe(true);
    expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
  });

  it('lets an admin set a payment back to pending while the order is unpaid', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const order = await createTestOrder(ctx(), user.id, { total: 5000 });
    const p = (
      await submit(cookie, form(order.id, { amount: 1000, receipt: 'UNDO123456' }))
    ).json() as Payment;
    expect((await setStatus(admin.cookie, p._id, true)).json().status).toBe(true);
    const undo = await setStatus(admin.cookie, p._id, false);
    expect(undo.statusCode).toBe(200);
    expect(undo.json().status).toBe(false);
  });

  it('never lets a customer complete a payment, and only manual-form payments are toggled', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const order = await createTestOrder(ctx(), user.id, { total: 100 });
    const p = (
      await submit(cookie, form(order.id, { amount: 100, receipt: 'SELF123456' }))
    ).json() as Payment;
    const self = await setStatus(cookie, p._id, true);
    expect(self.statusCode).toBe(403);
    expect((await ctx().app.inject({ url: '/api/v1/payment/', headers: { cookie } })).statusCode).toBe(403);
    expect(
      (await ctx().app.inject({ method: 'PUT', url: `/api/v1/payment/${p._id}`, payload: { status: true } }))
        .statusCode,
    ).toBe(401);
    expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
    expect((await paymentsOfOrder(ctx(), order.id))[0]!.status).toBe(0);

    await ctx()
      .database.db.insertInto('payments')
      .values({
        id: 'stkpayment00000000000001',
        source: 'mpesa-stk',
        order_id: order.id,
        user_id: user.id,
        stk_request_id: null,
        full_name: 'Amina',
        amount: 100,
        channel: 'M-Pesa STK',
        receipt: 'STKX123456',
        phone: '254712345678',
        status: 0,
        flag: 'amount-mismatch',
        state: 'held',
        hold_reason: 'order-not-payable',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const stk = await setStatus(admin.cookie, 'stkpayment00000000000001', true);
    expect(stk.statusCode).toBe(400);
    expect(stk.json()).toEqual({ error: 'Only payments sent with the M-Pesa form can be changed here' });
    expect((await setStatus(admin.cookie, 'nope', true)).statusCode).toBe(404);
    expect((await setStatus(admin.cookie, p._id, 'yes')).statusCode).toBe(400);
  });

  it('lists payments for admins, newest first, paged', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const order = await createTestOrder(ctx(), user.id, { total: 99_000 });
    const before = (
      await ctx().app.inject({ url: '/api/v1/payment/?limit=1', headers: { cookie: admin.cookie } })
    ).json().total as number;
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await submit(cookie, form(order.id, { amount: 10 + i, receipt: `LIST${i}ABCDE` }));
      made.push((res.json() as Payment)._id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const page1 = await ctx().app.inject({
      url: '/api/v1/payment/?page=1&limit=2',
      headers: { cookie: admin.cookie },
    });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({
      page: 1,
      limit: 2,
      total: before + 3,
      totalPages: Math.ceil((before + 3) / 2),
    });
    expect(body.data.map((p: Payment) => p._id)).toEqual([made[2], made[1]]);
    const page2 = (
      await ctx().app.inject({ url: '/api/v1/payment/?page=2&limit=2', headers: { cookie: admin.cookie } })
    ).json();
    expect(page2.data[0]._id).toBe(made[0]);
    const defaults = (
      await ctx().app.inject({ url: '/api/v1/payment', headers: { cookie: admin.cookie } })
    ).json();
    expect(defaults.limit).toBe(25);
    expect(
      (await ctx().app.inject({ url: '/api/v1/payment/?limit=500', headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(400);
  });

  it('tells the order page how to pay', async () => {
    const res = await ctx().app.inject({ url: '/api/v1/config/public' });
    expect(res.statusCode).toBe(200);
    // The demo's simulator plays the shop's own paybill: customers type their order's reference as the account.
    expect(res.json().mpesa).toEqual({
      paybill: '174379',
      account: '',
      accountIsOrderReference: true,
      tillNumber: '5511223',
      tillName: 'UREMBO BEAUTY',
      stkPush: true,
      simulator: true,
    });
  });
});
