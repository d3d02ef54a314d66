import { productSchema } from '@urembo/contract/catalogue';
import { orderSchema } from '@urembo/contract/orders';
import { beforeAll, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { signedInUser } from './support/auth';
import { createProduct, setStock } from './support/catalogue-factories';
import { createPlace, orderBody, type TestPlace } from './support/orders-factories';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

async function stockOf(ctx: TestContext, productId: string): Promise<number | null> {
  const row = await ctx.database.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock === null ? null : Number(row.stock);
}

async function placeOrder(
  ctx: TestContext,
  place: TestPlace,
  items: { _id: string; count: number }[],
  headers: Record<string, string> = {},
) {
  const { user, cookie } = await signedInUser(ctx);
  const res = await callApi(ctx, 'POST', `/order/${user.id}`, cookie, orderBody(place, items), headers);
  return { user, cookie, res };
}

describeEachDialect('stock: products and the cart', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  it('admins set stock on create and update; bad values are 400; inStock follows', async () => {
    const created = await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Shea Balm',
      price: 900,
      stock: 3,
    });
    expect(created.statusCode).toBe(201);
    const product = productSchema.parse(created.json());
    expect(product).toMatchObject({ stock: 3, inStock: true });

    const untracked = productSchema.parse(
      (await callApi(ctx(), 'POST', '/products', admin, { name: 'Black Soap', price: 300 })).json(),
    );
    expect(untracked).toMatchObject({ stock: null, inStock: true });

    for (const stock of [-1, 1.5, 'three', true]) {
      const res = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, { stock });
      expect(res.statusCode, String(stock)).toBe(400);
      expect(res.json().error).toMatch(/stock/i);
    }
    const neg = await callApi(ctx(), 'POST', '/products', admin, { name: 'Bad', price: 100, stock: -2 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error).toBe('Stock cannot be negative');
    expect(await stockOf(ctx(), product._id)).toBe(3);

    // Absent = unchanged.
    const renamed = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, {
      name: 'Shea Butter Balm',
    });
    expect(renamed.json()).toMatchObject({ name: 'Shea Butter Balm', stock: 3, inStock: true });
    const zero = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, { stock: 0 });
    expect(zero.json()).toMatchObject({ stock: 0, inStock: false });
    // The public read shows it at once (the catalogue's short cache is cleared by the write).
    expect((await callApi(ctx(), 'GET', `/products/${product._id}`)).json()).toMatchObject({
      inStock: false,
    });
    const off = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, { stock: null });
    expect(off.json()).toMatchObject({ stock: null, inStock: true });
  });

  it('the quick restock adds or takes units atomically, never below zero, admins only', async () => {
    const product = await createProduct(ctx(), { name: 'Rose Water' });
    await setStock(ctx(), product.id, 2);
    const { cookie: customer } = await signedInUser(ctx());
    expect(
      (await callApi(ctx(), 'POST', `/products/${product.id}/stock`, customer, { change: 5 })).statusCode,
    ).toBe(403);
    const up = await callApi(ctx(), 'POST', `/products/${product.id}/stock`, admin, { change: 5 });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ stock: 7, message: 'Stock of Rose Water is now 7' });
    const tooMuch = await callApi(ctx(), 'POST', `/products/${product.id}/stock`, admin, { change: -8 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('Rose Water has only 7 in stock: it cannot go below zero');
    for (const change of [0, 1.5, '2']) {
      expect(
        (await callApi(ctx(), 'POST', `/products/${product.id}/stock`, admin, { change })).statusCode,
      ).toBe(400);
    }
    // Ten quick taps at once all count.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        callApi(ctx(), 'POST', `/products/${product.id}/stock`, admin, { change: 1 }),
      ),
    );
    expect(await stockOf(ctx(), product.id)).toBe(17);
    await setStock(ctx(), product.id, null);
    const untracked = await callApi(ctx(), 'POST', `/products/${product.id}/stock`, admin, { change: 1 });
    expect(untracked.statusCode).toBe(409);
    expect(untracked.json().error).toMatch(/does not track stock/);
    expect((await callApi(ctx(), 'POST', `/products/nope/stock`, admin, { change: 1 })).statusCode).toBe(404);
  });

  it('the cart refuses more than the stock, saying how many are left', async () => {
    const product = await createProduct(ctx(), { name: 'Argan Oil' });
    await setStock(ctx(), product.id, 2);
    const { user, cookie } = await signedInUser(ctx());
    const add = (count: number) =>
      callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, { productId: product.id, count });
    expect((await add(1)).statusCode).toBe(200);
    const refused = await add(2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Only 2 of Argan Oil are left and you have 1 in your cart');
    expect((await add(1)).statusCode).toBe(200);
    await setStock(ctx(), product.id, 0);
    const { user: other, cookie: otherCookie } = await signedInUser(ctx());
    const out = await callApi(ctx(), 'POST', `/user/addToCart/${other.id}`, otherCookie, {
      productId: product.id,
      count: 1,
    });
    expect(out.statusCode).toBe(409);
    expect(out.json().error).toBe('Argan Oil is out of stock');
    // The cart line carries the product's stock for the screen.
    const cart = await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie);
    expect(cart.json().data[0]).toMatchObject({ _id: product.id, count: 2, stock: 0, inStock: false });
  });
});

describeEachDialect('stock: orders never oversell', (ctx) => {
  let place: TestPlace;
  beforeAll(async () => {
    place = await createPlace(ctx());
  });

  it('ten customers at once for the last three units over real HTTP: three orders, seven 409s, nothing else taken', async () => {
    const balm = await createProduct(ctx(), { name: 'Shea Butter Balm', price: 900 });
    const soap = await createProduct(ctx(), { name: 'Black Soap', price: 300 });
    await setStock(ctx(), balm.id, 3);
    await setStock(ctx(), soap.id, 100);
    const customers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(ctx())));
    const address = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const started = performance.now();
      const results = await Promise.all(
        customers.map(async ({ user, cookie }) => {
          const res = await fetch(`${address}/api/v1/order/${user.id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            // The soap line first: a refused order must give it back too.
            body: JSON.stringify(
              orderBody(place, [
                { _id: soap.id, count: 1 },
                { _id: balm.id, count: 1 },
              ]),
            ),
          });
          return { status: res.status, body: (await res.json()) as { error?: string; _id?: string } };
        }),
      );
      const elapsed = Math.round(performance.now() - started);
      const created = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      process.stdout.write(
        `[${ctx().dialect}] race: ${created.length} created, ${refused.length} refused (409) in ${elapsed} ms\n`,
      );
      expect(created).toHaveLength(3);
      expect(refused).toHaveLength(7);
      for (const r of refused) {
        expect(r.body.error).toBe(
          'Sorry, Shea Butter Balm is out of stock: please change your order and try again',
        );
      }
    } finally {
      await ctx().app.server.close();
    }
    expect(await stockOf(ctx(), balm.id)).toBe(0);
    expect(await stockOf(ctx(), soap.id)).toBe(97);
    const orders = await ctx()
      .database.db.selectFrom('order_items')
      .select(({ fn }) => fn.countAll().as('n'))
      .where('product_id', '=', balm.id)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(3);
  });

  it('ten parallel in-process orders of 2 from 9 units: four orders, six refusals naming how many are left', async () => {
    const serum = await createProduct(ctx(), { name: 'Vitamin C Serum' });
    await setStock(ctx(), serum.id, 9);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(ctx(), place, [{ _id: serum.id, count: 2 }])),
    );
    const codes = results.map((r) => r.res.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    const refusal = results.find((r) => r.res.statusCode === 409)!.res.json();
    expect(refusal.error).toBe(
      'Sorry, only 1 of Vitamin C Serum is left: please change your order and try again',
    );
    expect(refusal.details).toEqual([{ path: 'items.0.count', message: 'Only 1 left' }]);
    expect(await stockOf(ctx(), serum.id)).toBe(1);
  });

  it('a refused order writes nothing: no order, no other line taken, the cart kept', async () => {
    const lipstick = await createProduct(ctx(), { name: 'Matte Lipstick' });
    const mascara = await createProduct(ctx(), { name: 'Mascara' });
    const untracked = await createProduct(ctx(), { name: 'Cotton Pads' });
    await setStock(ctx(), lipstick.id, 10);
    await setStock(ctx(), mascara.id, 1);
    const { user, cookie } = await signedInUser(ctx());
    await callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, { productId: lipstick.id, count: 2 });
    const res = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [
        { _id: lipstick.id, count: 2 },
        { _id: untracked.id, count: 5 },
        { _id: mascara.id, count: 3 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([{ path: 'items.2.count', message: 'Only 1 left' }]);
    expect(await stockOf(ctx(), lipstick.id)).toBe(10);
    expect(await stockOf(ctx(), mascara.id)).toBe(1);
    expect(await stockOf(ctx(), untracked.id)).toBeNull();
    const orders = await ctx()
      .database.db.selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(orders).toEqual([]);
    const cart = await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie);
    expect(cart.json().data).toHaveLength(1);
  });

  it('the checkout quote already names the short line (and takes nothing)', async () => {
    const gel = await createProduct(ctx(), { name: 'Aloe Gel' });
    const soap = await createProduct(ctx(), { name: 'Plain Soap' });
    await setStock(ctx(), gel.id, 2);
    const { user, cookie } = await signedInUser(ctx());
    const quote = (count: number) =>
      callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, {
        items: [
          { _id: soap.id, count: 1 },
          { _id: gel.id, count },
        ],
      });
    expect((await quote(2)).statusCode).toBe(200);
    const refused = await quote(3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Sorry, only 2 of Aloe Gel are left: please change your order and try again',
      details: [{ path: 'items.1.count', message: 'Only 2 left' }],
    });
    expect(await stockOf(ctx(), gel.id)).toBe(2);
  });

  it('untracked products never run out; an idempotent retry takes the stock once', async () => {
    const pads = await createProduct(ctx(), { name: 'Untracked Pads' });
    const { res } = await placeOrder(ctx(), place, [{ _id: pads.id, count: 99 }]);
    expect(res.statusCode).toBe(201);
    expect(await stockOf(ctx(), pads.id)).toBeNull();

    const toner = await createProduct(ctx(), { name: 'Toner' });
    await setStock(ctx(), toner.id, 5);
    const { user, cookie } = await signedInUser(ctx());
    const headers = { 'idempotency-key': `stock-${newId()}` };
    const body = orderBody(place, [{ _id: toner.id, count: 2 }]);
    const [a, b] = await Promise.all([
      callApi(ctx(), 'POST', `/order/${user.id}`, cookie, body, headers),
      callApi(ctx(), 'POST', `/order/${user.id}`, cookie, body, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()._id).toBe(b.json()._id);
    const again = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, body, headers);
    expect(again.statusCode).toBe(200);
    expect(await stockOf(ctx(), toner.id)).toBe(3);
  });
});

describeEachDialect('stock: cancellation gives it back exactly once', (ctx) => {
  let place: TestPlace;
  let admin: string;
  beforeAll(async () => {
    place = await createPlace(ctx());
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  async function orderOf(count: number, stock: number) {
    const product = await createProduct(ctx(), { name: `Body Butter ${newId().slice(0, 6)}` });
    await setStock(ctx(), product.id, stock);
    const placed = await placeOrder(ctx(), place, [{ _id: product.id, count }]);
    expect(placed.res.statusCode).toBe(201);
    const order = orderSchema.parse(placed.res.json());
    return { product, order, cookie: placed.cookie };
  }

  async function backdate(orderId: string, hoursAgo: number) {
    const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
    await ctx().database.db.updateTable('orders').set({ created_at: at }).where('id', '=', orderId).execute();
  }

  it("the product's public read shows what orders take and give back at once (its cached answer goes)", async () => {
    const product = await createProduct(ctx(), { name: `Baobab Oil ${newId().slice(0, 6)}` });
    await setStock(ctx(), product.id, 5);
    const publicStock = async () => (await callApi(ctx(), 'GET', `/products/${product.id}`)).json().stock;
    // Each read below would be answered from the cache if an order write did not clear it.
    expect(await publicStock()).toBe(5);
    const placed = await placeOrder(ctx(), place, [{ _id: product.id, count: 2 }]);
    expect(placed.res.statusCode).toBe(201);
    expect(await publicStock()).toBe(3);
    const order = orderSchema.parse(placed.res.json());
    const status = (deliveryStatus: string) =>
      callApi(ctx(), 'PUT', `/order/updateStatus/${order._id}`, admin, { deliveryStatus });
    expect((await status('cancelled')).statusCode).toBe(200);
    expect(await publicStock()).toBe(5);
    expect((await status('pending')).statusCode).toBe(200);
    expect(await publicStock()).toBe(3);
  });

  it('the customer cancels: stock back once; a second cancel changes nothing', async () => {
    const { product, order, cookie } = await orderOf(2, 5);
    expect(await stockOf(ctx(), product.id)).toBe(3);
    const first = await callApi(ctx(), 'POST', `/order/${order._id}/cancel`, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ deliveryStatus: 'cancelled' });
    expect(await stockOf(ctx(), product.id)).toBe(5);
    expect((await callApi(ctx(), 'GET', `/products/${product.id}`)).json()).toMatchObject({ stock: 5 });
    const second = await callApi(ctx(), 'POST', `/order/${order._id}/cancel`, cookie);
    expect(second.statusCode).toBe(409);
    expect(await stockOf(ctx(), product.id)).toBe(5);
  });

  it('the admin cancels and reopens: back, taken again, and a reopen without stock is refused', async () => {
    const { product, order } = await orderOf(3, 4);
    const status = (deliveryStatus: string) =>
      callApi(ctx(), 'PUT', `/order/updateStatus/${order._id}`, admin, { deliveryStatus });
    expect((await status('cancelled')).statusCode).toBe(200);
    expect(await stockOf(ctx(), product.id)).toBe(4);
    expect((await status('pending')).statusCode).toBe(200);
    expect(await stockOf(ctx(), product.id)).toBe(1);
    expect((await status('cancelled')).statusCode).toBe(200);
    expect(await stockOf(ctx(), product.id)).toBe(4);
    await setStock(ctx(), product.id, 2);
    const refused = await status('pending');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(
      /^This order cannot be reopened: only 2 of Body Butter \w+ are left$/,
    );
    expect(await stockOf(ctx(), product.id)).toBe(2);
    expect((await callApi(ctx(), 'GET', `/order/${order._id}`, admin)).json().deliveryStatus).toBe(
      'cancelled',
    );
  });

  it('a product that started tracking stock after the order is not credited on cancel', async () => {
    const product = await createProduct(ctx(), { name: 'Later Tracked' });
    const { res, cookie } = await placeOrder(ctx(), place, [{ _id: product.id, count: 4 }]);
    await setStock(ctx(), product.id, 10);
    await callApi(ctx(), 'POST', `/order/${res.json()._id}/cancel`, cookie);
    expect(await stockOf(ctx(), product.id)).toBe(10);
  });

  it('customer, admin and two sweeping processes cancelling at once: returned exactly once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { product, order, cookie } = await orderOf(2, 6);
      await backdate(order._id, 49);
      const results = await Promise.all([
        callApi(ctx(), 'POST', `/order/${order._id}/cancel`, cookie),
        callApi(ctx(), 'PUT', `/order/updateStatus/${order._id}`, admin, { deliveryStatus: 'cancelled' }),
        ctx().app.services.orders.cancelExpiredUnpaidOrders(48),
        ctx().app.services.orders.cancelExpiredUnpaidOrders(48),
      ]);
      const [customer, byAdmin, sweepA, sweepB] = results;
      const wins =
        (customer.statusCode === 200 ? 1 : 0) +
        (byAdmin.statusCode === 200 ? 1 : 0) +
        sweepA.cancelled +
        sweepB.cancelled;
      expect(wins).toBe(1);
      // The losers are told it is already cancelled (409) or that there is nothing to change (400).
      expect([200, 409]).toContain(customer.statusCode);
      expect([200, 400, 409]).toContain(byAdmin.statusCode);
      expect(await stockOf(ctx(), product.id)).toBe(6);
    }
  });

  it('the sweep cancels only unpaid orders past the hold whose delivery has not started', async () => {
    const expired = await orderOf(1, 3);
    await backdate(expired.order._id, 49);
    const young = await orderOf(1, 3);
    await backdate(young.order._id, 47);
    const paid = await orderOf(1, 3);
    await backdate(paid.order._id, 100);
    const markedPaid = await callApi(ctx(), 'PUT', `/order/updateStatus/${paid.order._id}`, admin, {
      paymentStatus: 'paid',
      reason: 'Paid in cash at the shop',
    });
    expect(markedPaid.statusCode, markedPaid.body).toBe(200);
    const shipped = await orderOf(1, 3);
    await backdate(shipped.order._id, 100);
    await callApi(ctx(), 'PUT', `/order/updateStatus/${shipped.order._id}`, admin, {
      deliveryStatus: 'in-transit',
    });
    const partlyPaid = await orderOf(1, 3);
    await backdate(partlyPaid.order._id, 100);
    // Money held for review (flagged) does not count towards its order: not for settlement, not for the sweep.
    const heldOnly = await orderOf(1, 3);
    await backdate(heldOnly.order._id, 100);
    const now = new Date().toISOString();
    const payment = (orderId: string, userId: string, flag: string | null) => ({
      id: newId(),
      source: 'user-mpesa-form',
      order_id: orderId,
      user_id: userId,
      stk_request_id: null,
      full_name: 'Amina',
      amount: 100,
      channel: 'M-Pesa',
      receipt: `TST${newId().slice(0, 7).toUpperCase()}`,
      phone: '254712345678',
      status: flag ? 0 : 1,
      flag,
      state: flag ? 'held' : 'completed',
      hold_reason: flag ? 'order-not-payable' : null,
      created_at: now,
      updated_at: now,
    });
    await ctx()
      .database.db.insertInto('payments')
      .values([
        payment(partlyPaid.order._id, partlyPaid.order.user._id, null),
        payment(heldOnly.order._id, heldOnly.order.user._id, 'amount-mismatch'),
      ] as never)
      .execute();

    const result = await ctx().app.services.orders.cancelExpiredUnpaidOrders(48);
    expect(result.cancelled).toBe(2);
    const statusOf = async (id: string) =>
      (await callApi(ctx(), 'GET', `/order/${id}`, admin)).json() as { deliveryStatus: string };
    for (const gone of [expired, heldOnly]) {
      expect((await statusOf(gone.order._id)).deliveryStatus).toBe('cancelled');
      expect(await stockOf(ctx(), gone.product.id)).toBe(3);
    }
    for (const kept of [young, paid, shipped, partlyPaid]) {
      expect((await statusOf(kept.order._id)).deliveryStatus).not.toBe('cancelled');
      expect(await stockOf(ctx(), kept.product.id)).toBe(2);
    }
    expect((await ctx().app.services.orders.cancelExpiredUnpaidOrders(48)).cancelled).toBe(0);
  });
});

describeEachDialect(
  'stock: the app runs the unpaid-order sweep on its own timer',
  (ctx) => {
    it('cancels an order past the hold within a couple of seconds and returns its stock', async () => {
      const place = await createPlace(ctx());
      const product = await createProduct(ctx(), { name: 'Timed Balm' });
      await setStock(ctx(), product.id, 2);
      const { res } = await placeOrder(ctx(), place, [{ _id: product.id, count: 2 }]);
      expect(await stockOf(ctx(), product.id)).toBe(0);
      // An hour's hold: put the order two hours back.
      const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
      await ctx()
        .database.db.updateTable('orders')
        .set({ created_at: at })
        .where('id', '=', res.json()._id)
        .execute();
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && (await stockOf(ctx(), product.id)) !== 2) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await stockOf(ctx(), product.id)).toBe(2);
      // The catalogue's cache was cleared by the sweep.
      expect((await callApi(ctx(), 'GET', `/products/${product.id}`)).json()).toMatchObject({ stock: 2 });
    });
  },
  { env: { UNPAID_ORDER_HOLD_HOURS: '1', UNPAID_ORDER_SWEEP_SECONDS: '1' } },
);
