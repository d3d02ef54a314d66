import { adminSummarySchema } from '@urembo/contract/dashboard';
import { DELIVERY_STATUSES, PAYMENT_STATUSES } from '@urembo/contract/order-status';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { nairobiDate, nairobiDayStart } from '@urembo/contract/nairobi-time';
import { signedInUser } from './support/auth';
import { createProduct, setStock } from './support/catalogue-factories';
import { createTestOrder } from './support/orders-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

describe('Nairobi days', () => {
  it('start at 21:00 UTC the evening before', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(nairobiDayStart(now).toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(nairobiDayStart(now, 6).toISOString()).toBe('2026-03-03T21:00:00.000Z');
    // 22:30 UTC is already the next day in Nairobi.
    expect(nairobiDayStart(new Date('2026-03-10T22:30:00Z')).toISOString()).toBe('2026-03-10T21:00:00.000Z');
    expect(nairobiDate(new Date('2026-03-09T20:59:59Z'))).toBe('2026-03-09');
    expect(nairobiDate(new Date('2026-03-09T21:00:00Z'))).toBe('2026-03-10');
  });
});

async function addLine(ctx: TestContext, orderId: string, productId: string, name: string, count: number) {
  await ctx.database.db
    .insertInto('order_items')
    .values({
      id: newId(),
      order_id: orderId,
      product_id: productId,
      name,
      price: 100,
      image: null,
      count,
      position: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
}

describeEachDialect('owner dashboard: figures', (ctx) => {
  it('counts periods by Nairobi days, revenue from paid orders only', async () => {
    const { user } = await signedInUser(ctx());
    const order = (createdAt: string, total: number, paid: boolean, cancelled = false) =>
      createTestOrder(ctx(), user.id, {
        createdAt,
        total,
        paymentStatus: paid ? 'paid' : 'pending',
        deliveryStatus: cancelled ? 'cancelled' : 'pending',
      });
    // "Now" is 15:00 in Nairobi on 10 March.
    const now = new Date('2026-03-10T12:00:00Z');
    await order('2026-03-09T21:30:00.000Z', 1000, true); // 00:30 on the 10th: today
    await order('2026-03-10T11:00:00.000Z', 700, false); // today, unpaid
    await order('2026-03-10T11:30:00.000Z', 5000, false, true); // today, cancelled
    await order('2026-03-09T20:59:59.000Z', 500, true); // 23:59:59 on the 9th: yesterday
    await order('2026-03-03T21:00:00.000Z', 200, true); // 00:00 on the 4th: the 7th day back
    await order('2026-03-03T20:59:00.000Z', 300, true); // 23:59 on the 3rd: outside the 7 days
    await order('2026-02-08T21:00:00.000Z', 40, true); // the 30th day back: on the chart
    await order('2026-02-08T20:00:00.000Z', 80, true); // before the chart

    const summary = adminSummarySchema.parse(await ctx().app.services.dashboard.adminSummary(now));
    expect(summary.today).toEqual({ orders: 2, revenue: 1000 });
    expect(summary.last7Days).toEqual({ orders: 4, revenue: 1700 });
    expect(summary.revenueByDay).toHaveLength(30);
    expect(summary.revenueByDay[0]).toEqual({ date: '2026-02-09', orders: 1, revenue: 40 });
    expect(summary.revenueByDay.at(-1)).toEqual({ date: '2026-03-10', orders: 2, revenue: 1000 });
    expect(summary.revenueByDay.at(-2)).toEqual({ date: '2026-03-09', orders: 1, revenue: 500 });
    expect(summary.revenueByDay.find((d) => d.date === '2026-03-03')).toEqual({
      date: '2026-03-03',
      orders: 1,
      revenue: 300,
    });
    expect(summary.revenueByDay.reduce((t, d) => t + d.revenue, 0)).toBe(1000 + 500 + 200 + 300 + 40);
  });

  it('answers awaiting counts, low stock and best sellers to admins only', async () => {
    const { user, cookie: customer } = await signedInUser(ctx());
    const { cookie: admin } = await signedInUser(ctx(), { role: 'admin' });
    const get = (cookie?: string) =>
      ctx().app.inject({ method: 'GET', url: '/api/v1/admin/summary', headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(401);
    const refused = await get(customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Only shop admins can do that' });

    const before = adminSummarySchema.parse((await get(admin)).json());
    const balm = await createProduct(ctx(), { name: 'Shea Balm' });
    const soap = await createProduct(ctx(), { name: 'Black Soap' });
    const oil = await createProduct(ctx(), { name: 'Argan Oil' });
    const lots = await createProduct(ctx(), { name: 'Plenty' });
    await setStock(ctx(), balm.id, 0);
    await setStock(ctx(), soap.id, 5);
    await setStock(ctx(), oil.id, 2);
    await setStock(ctx(), lots.id, 6);

    const { id: unpaid } = await createTestOrder(ctx(), user.id, { total: 1000 });
    await createTestOrder(ctx(), user.id, { total: 900, paymentStatus: 'payment-unsuccessful' });
    const { id: paid } = await createTestOrder(ctx(), user.id, { total: 2000, paymentStatus: 'paid' });
    await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      deliveryStatus: 'in-transit',
      total: 300,
    });
    await createTestOrder(ctx(), user.id, { paymentStatus: 'paid', deliveryStatus: 'delivered', total: 400 });
    const { id: cancelled } = await createTestOrder(ctx(), user.id, {
      deliveryStatus: 'cancelled',
      total: 50,
    });
    await addLine(ctx(), unpaid, soap.id, 'Black Soap', 3);
    await addLine(ctx(), paid, oil.id, 'Argan Oil', 7);
    await addLine(ctx(), paid, soap.id, 'Black Soap', 1);
    await addLine(ctx(), cancelled, balm.id, 'Shea Balm', 50);

    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const summary = adminSummarySchema.parse(res.json());
    expect(summary.awaitingPayment - before.awaitingPayment).toBe(2);
    expect(summary.awaitingDelivery - before.awaitingDelivery).toBe(2);
    expect(summary.today.orders - before.today.orders).toBe(5);
    expect(summary.today.revenue - before.today.revenue).toBe(2700);
    expect(summary.lowStockAt).toBe(5);
    expect(summary.lowStock.map((p) => [p.name, p.stock, p.inStock])).toEqual([
      ['Shea Balm', 0, false],
      ['Argan Oil', 2, true],
      ['Black Soap', 5, true],
    ]);
    expect(summary.topProducts.slice(0, 2)).toEqual([
      { _id: oil.id, name: 'Argan Oil', count: 7 },
      { _id: soap.id, name: 'Black Soap', count: 4 },
    ]);
    expect(summary.topProducts.find((p) => p._id === balm.id)).toBeUndefined();

    // The dashboard's links: the orders table filtered the same way.
    const list = async (awaiting: string) =>
      ctx().app.inject({
        method: 'GET',
        url: `/api/v1/order?awaiting=${awaiting}&limit=100`,
        headers: { cookie: admin },
      });
    const awaitingPayment = (await list('payment')).json();
    expect(awaitingPayment.total).toBe(summary.awaitingPayment);
    expect(
      awaitingPayment.data.every(
        (o: { paymentStatus: string; deliveryStatus: string }) =>
          o.paymentStatus !== 'paid' && o.deliveryStatus !== 'cancelled',
      ),
    ).toBe(true);
    const awaitingDelivery = (await list('delivery')).json();
    expect(awaitingDelivery.total).toBe(summary.awaitingDelivery);
    expect((await list('everything')).statusCode).toBe(400);
  });

  it('counts awaiting payment and delivery exactly as the orders table filters them, for every pair of statuses', async () => {
    const { user } = await signedInUser(ctx());
    const { cookie: admin } = await signedInUser(ctx(), { role: 'admin' });
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const deliveryStatus of DELIVERY_STATUSES) {
        await createTestOrder(ctx(), user.id, { paymentStatus, deliveryStatus });
      }
    }
    const get = (url: string) => ctx().app.inject({ url: `/api/v1${url}`, headers: { cookie: admin } });
    const summary = adminSummarySchema.parse((await get('/admin/summary')).json());
    const listed = async (awaiting: string) =>
      (await get(`/order?awaiting=${awaiting}&limit=1`)).json().total as number;
    expect({ payment: await listed('payment'), delivery: await listed('delivery') }).toEqual({
      payment: summary.awaitingPayment,
      delivery: summary.awaitingDelivery,
    });
  });
});

describeEachDialect(
  'owner dashboard: LOW_STOCK_AT',
  (ctx) => {
    it('follows the setting', async () => {
      const { cookie: admin } = await signedInUser(ctx(), { role: 'admin' });
      const product = await createProduct(ctx(), { name: 'Nine Left' });
      await setStock(ctx(), product.id, 9);
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/api/v1/admin/summary',
        headers: { cookie: admin },
      });
      const summary = adminSummarySchema.parse(res.json());
      expect(summary.lowStockAt).toBe(10);
      expect(summary.lowStock.map((p) => p._id)).toEqual([product.id]);
      const publicConfig = await ctx().app.inject({ method: 'GET', url: '/api/v1/config/public' });
      expect(publicConfig.json().lowStockAt).toBe(10);
    });
  },
  { env: { LOW_STOCK_AT: '10' } },
);
