import { returnSchema } from '@urembo/contract/returns';
import { orderSchema } from '@urembo/contract/orders';
import { beforeAll, expect, it } from 'vitest';
import { receivedRefundDue } from '../src/modules/returns';
import { refundFor } from '../src/modules/returns/service';
import { signedInUser } from './support/auth';
import { createProduct, setStock } from './support/catalogue-factories';
import { createTestOrder } from './support/orders-factories';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

const DAY = 86_400_000;

async function stockOf(ctx: TestContext, id: string): Promise<number | null> {
  const row = await ctx.database.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock === null ? null : Number(row.stock);
}

/** Waits until the return's SMS about `event` has gone out, and answers its text. */
async function smsAbout(ctx: TestContext, returnId: string, event: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await ctx.database.db
      .selectFrom('return_messages')
      .select(['status', 'message'])
      .where('return_id', '=', returnId)
      .where('event', '=', event as never)
      .executeTakeFirst();
    if (row?.status === 'sent') return row.message ?? '';
    if (Date.now() > deadline)
      throw new Error(`no ${event} SMS for return ${returnId}: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A customer with a delivered order of two products (2 of the first, 1 of the second), both tracking stock. */
async function deliveredOrder(ctx: TestContext, deliveredAt = new Date().toISOString()) {
  const { user, cookie } = await signedInUser(ctx);
  const serum = await createProduct(ctx, { name: 'Glow Serum', price: 1200 });
  const balm = await createProduct(ctx, { name: 'Lip Balm', price: 300 });
  await setStock(ctx, serum.id, 10);
  await setStock(ctx, balm.id, 5);
  const order = await createTestOrder(ctx, user.id, {
    deliveryStatus: 'delivered',
    paymentStatus: 'paid',
    deliveredAt,
    products: [
      { id: serum.id, name: serum.name, price: serum.price },
      { id: balm.id, name: balm.name, price: balm.price },
    ],
  });
  await ctx.database.db
    .updateTable('order_items')
    .set({ count: 2 })
    .where('order_id', '=', order.id)
    .where('product_id', '=', serum.id)
    .execute();
  return { user, cookie, order, serum, balm };
}

describeEachDialect('returns', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  it('a customer returns lines of a delivered order; admins approve and receive it; stock and refund follow', async () => {
    const { cookie, order, serum, balm } = await deliveredOrder(ctx());
    const created = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: serum.id, count: 1 }],
      reason: '  The seal was broken  ',
    });
    expect(created.statusCode).toBe(201);
    const ret = returnSchema.parse(created.json());
    expect(ret).toMatchObject({
      order: { _id: order.id, reference: order.reference },
      items: [{ _id: serum.id, name: 'Glow Serum', price: 1200, count: 1, variant: null }],
      reason: 'The seal was broken',
      state: 'requested',
      refundAmount: 1200,
      note: null,
      receivedAt: null,
    });
    expect(await smsAbout(ctx(), ret._id, 'requested')).toContain(order.reference);

    // The order page reads it; the admin list has it.
    const mine = await callApi(ctx(), 'GET', `/order/${order.id}/returns`, cookie);
    expect(mine.json().data.map((r: { _id: string }) => r._id)).toEqual([ret._id]);
    const requested = await callApi(ctx(), 'GET', '/returns?state=requested', admin);
    expect(requested.json().data.map((r: { _id: string }) => r._id)).toContain(ret._id);

    // Received before approval → 409.
    const early = await callApi(ctx(), 'PUT', `/returns/${ret._id}`, admin, { state: 'received' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/approve it first/);

    const approved = await callApi(ctx(), 'PUT', `/returns/${ret._id}`, admin, {
      state: 'approved',
      note: 'Drop it at the Sarit Centre shop',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', note: 'Drop it at the Sarit Centre shop' });
    expect(await smsAbout(ctx(), ret._id, 'approved')).toContain('Drop it at the Sarit Centre shop');
    expect(await stockOf(ctx(), serum.id)).toBe(10);
    expect(await receivedRefundDue(ctx().database.db, order.id)).toBe(0);

    const received = await callApi(ctx(), 'PUT', `/returns/${ret._id}`, admin, { state: 'received' });
    expect(received.statusCode).toBe(200);
    expect(received.json().state).toBe('received');
    expect(received.json().receivedAt).toEqual(expect.any(String));
    expect(await stockOf(ctx(), serum.id)).toBe(11);
    expect(await stockOf(ctx(), balm.id)).toBe(5);
    expect(await receivedRefundDue(ctx().database.db, order.id)).toBe(1200);
    expect(await smsAbout(ctx(), ret._id, 'received')).toContain('Ksh 1,200');
    // The public product shows the stock at once.
    expect((await callApi(ctx(), 'GET', `/products/${serum.id}`)).json().stock).toBe(11);

    // Final: nothing more.
    for (const state of ['received', 'rejected', 'approved']) {
      const again = await callApi(ctx(), 'PUT', `/returns/${ret._id}`, admin, { state });
      expect(again.statusCode, state).toBe(409);
    }
    expect(await stockOf(ctx(), serum.id)).toBe(11);

    // A second return may take the rest, never more than was ordered.
    const more = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [
        { _id: serum.id, count: 2 },
        { _id: balm.id, count: 1 },
      ],
      reason: 'Changed my mind',
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toBe(
      'Glow Serum: you can return at most 1 (you ordered 2, 1 already being returned)',
    );
    const rest = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [
        { _id: serum.id, count: 1 },
        { _id: balm.id, count: 1 },
      ],
      reason: 'Changed my mind',
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().refundAmount).toBe(1500);
    const rejected = await callApi(ctx(), 'PUT', `/returns/${rest.json()._id}`, admin, {
      state: 'rejected',
      note: 'Opened make-up cannot be returned',
    });
    expect(rejected.json().state).toBe('rejected');
    expect(await smsAbout(ctx(), rest.json()._id, 'rejected')).toContain('Opened make-up');
    // A rejected return gives its units back to what may be returned.
    const retry = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: balm.id, count: 1 }],
      reason: 'It is unopened, please check again',
    });
    expect(retry.statusCode).toBe(201);
  });

  it('refuses orders not delivered, past the window, other lines or counts, and bad input; hides others’ orders', async () => {
    const { user, cookie, order, serum } = await deliveredOrder(
      ctx(),
      new Date(Date.now() - 8 * DAY).toISOString(),
    );
    const late = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: serum.id, count: 1 }],
      reason: 'Too dry',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(
      /^Returns for this order closed on \d+ \w+ \d{4}, 7 days after delivery$/,
    );

    const pending = await createTestOrder(ctx(), user.id, {
      products: [{ id: serum.id, name: serum.name, price: serum.price }],
    });
    const notDelivered = await callApi(ctx(), 'POST', `/order/${pending.id}/returns`, cookie, {
      items: [{ _id: serum.id, count: 1 }],
      reason: 'Too dry',
    });
    expect(notDelivered.statusCode).toBe(400);
    expect(notDelivered.json().error).toMatch(/has not been delivered/);

    const fresh = await deliveredOrder(ctx());
    const bad: [unknown, RegExp][] = [
      [{ items: [{ _id: fresh.serum.id, count: 3 }], reason: 'Too dry' }, /at most 2/],
      [{ items: [{ _id: 'not-a-line', count: 1 }], reason: 'Too dry' }, /Item 1 is not in this order/],
      [{ items: [], reason: 'Too dry' }, /Choose at least one item/],
      [{ items: [{ _id: fresh.serum.id, count: 0 }], reason: 'Too dry' }, /count must be a whole number/],
      [{ items: [{ _id: fresh.serum.id, count: 1 }], reason: ' ' }, /say why/],
      [
        {
          items: [
            { _id: fresh.serum.id, count: 1 },
            { _id: fresh.serum.id, count: 1 },
          ],
          reason: 'Too dry',
        },
        /more than once/,
      ],
    ];
    for (const [body, message] of bad) {
      const res = await callApi(ctx(), 'POST', `/order/${fresh.order.id}/returns`, fresh.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }

    // Another customer's order: not found, to ask or to read.
    const other = await callApi(ctx(), 'POST', `/order/${fresh.order.id}/returns`, cookie, {
      items: [{ _id: fresh.serum.id, count: 1 }],
      reason: 'Too dry',
    });
    expect(other.statusCode).toBe(404);
    expect((await callApi(ctx(), 'GET', `/order/${fresh.order.id}/returns`, cookie)).statusCode).toBe(404);
    expect((await callApi(ctx(), 'GET', `/order/${fresh.order.id}/returns`, admin)).statusCode).toBe(200);
    expect(
      await ctx()
        .database.db.selectFrom('returns')
        .select('id')
        .where('order_id', '=', fresh.order.id)
        .execute(),
    ).toEqual([]);
    const badState = await callApi(ctx(), 'PUT', `/returns/nope`, admin, { state: 'lost' });
    expect(badState.statusCode).toBe(400);
    expect((await callApi(ctx(), 'PUT', `/returns/nope`, admin, { state: 'approved' })).statusCode).toBe(404);
    expect((await callApi(ctx(), 'GET', '/returns', fresh.cookie)).statusCode).toBe(403);
  });

  it('two admins receiving one return at once: the stock comes back exactly once', async () => {
    const { cookie, order, serum } = await deliveredOrder(ctx());
    const created = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: serum.id, count: 2 }],
      reason: 'Wrong shade',
    });
    const id = created.json()._id as string;
    await callApi(ctx(), 'PUT', `/returns/${id}`, admin, { state: 'approved' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => callApi(ctx(), 'PUT', `/returns/${id}`, admin, { state: 'received' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await stockOf(ctx(), serum.id)).toBe(12);

    // Two requests for all of a line at once: one is refused.
    const second = await deliveredOrder(ctx());
    const asks = await Promise.all(
      Array.from({ length: 4 }, () =>
        callApi(ctx(), 'POST', `/order/${second.order.id}/returns`, second.cookie, {
          items: [{ _id: second.serum.id, count: 2 }],
          reason: 'Wrong shade',
        }),
      ),
    );
    expect(asks.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
  });

  it('a shade or size goes back as the variant ordered, into that variant’s stock', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const made = await callApi(ctx(), 'POST', '/products', admin, {
      name: `Matte Lipstick ${Date.now().toString(36)}`,
      description: 'Creamy matte colour that lasts.',
      options: [{ name: 'Shade', values: ['Mocha', 'Rose'] }],
      variants: [
        { sku: `RET-${Date.now().toString(36)}-MOCHA`, options: { Shade: 'Mocha' }, price: 1200, stock: 3 },
        { sku: `RET-${Date.now().toString(36)}-ROSE`, options: { Shade: 'Rose' }, price: 1100, stock: 0 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const lipstick = made.json() as {
      _id: string;
      name: string;
      variants: Array<{ _id: string; sku: string }>;
    };
    const [mocha, rose] = lipstick.variants;
    const order = await createTestOrder(ctx(), user.id, {
      deliveryStatus: 'delivered',
      paymentStatus: 'paid',
      products: [
        { id: lipstick._id, name: lipstick.name, price: 1200 },
        { id: lipstick._id, name: lipstick.name, price: 1100 },
      ],
    });
    // One line per shade, as an order of both shades has them.
    const lines = await ctx()
      .database.db.selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    for (const [line, variant] of [
      [lines[0]!, mocha!],
      [lines[1]!, rose!],
    ] as const) {
      await ctx()
        .database.db.updateTable('order_items')
        .set({ variant_id: variant._id, variant_sku: variant.sku, variant_options: '{}' })
        .where('id', '=', line.id)
        .execute();
    }
    const variantStock = async (id: string) =>
      Number(
        (
          await ctx()
            .database.db.selectFrom('product_variants')
            .select('stock')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).stock,
      );

    // Without a variant, a product ordered in two shades is not one line.
    const vague = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: lipstick._id, count: 1 }],
      reason: 'Wrong shade',
    });
    expect(vague.statusCode).toBe(400);
    const unknown = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: lipstick._id, variant: 'no-such-variant', count: 1 }],
      reason: 'Wrong shade',
    });
    expect(unknown.statusCode).toBe(400);

    const created = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: lipstick._id, variant: rose!._id, count: 1 }],
      reason: 'Wrong shade',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ret = returnSchema.parse(created.json());
    expect(ret.items).toEqual([
      expect.objectContaining({ _id: lipstick._id, variant: { _id: rose!._id, sku: rose!.sku }, count: 1 }),
    ]);
    expect(ret.refundAmount).toBe(1100);
    // The other shade's line is still there to return, named by its SKU.
    const bySku = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: lipstick._id, variant: mocha!.sku, count: 1 }],
      reason: 'Too dark',
    });
    expect(bySku.statusCode, bySku.body).toBe(201);

    await callApi(ctx(), 'PUT', `/returns/${ret._id}`, admin, { state: 'approved' });
    const received = await callApi(ctx(), 'PUT', `/returns/${ret._id}`, admin, { state: 'received' });
    expect(received.statusCode).toBe(200);
    expect(await variantStock(rose!._id)).toBe(1);
    expect(await variantStock(mocha!._id)).toBe(3);
    expect(await stockOf(ctx(), lipstick._id)).toBeNull();
  });

  it('a received return is refund due on the order’s payment; requested, approved and rejected ones are not', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const serum = await createProduct(ctx(), { name: 'Night Serum', price: 1500 });
    const toner = await createProduct(ctx(), { name: 'Rose Toner', price: 700 });
    const order = await createTestOrder(ctx(), user.id, {
      products: [
        { id: serum.id, name: serum.name, price: serum.price },
        { id: toner.id, name: toner.name, price: toner.price },
      ],
    });
    // Paid by hand with its receipt (a completed payment of the whole total), then delivered.
    const paid = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, admin, {
      paymentStatus: 'paid',
      receipt: `RT${Date.now().toString(36).toUpperCase()}`.slice(0, 10).padEnd(10, 'X'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const delivered = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, admin, {
      deliveryStatus: 'delivered',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [payment] = await ctx()
      .database.db.selectFrom('payments')
      .select(['id', 'state'])
      .where('order_id', '=', order.id)
      .execute();
    expect(payment).toMatchObject({ state: 'completed' });
    const dueOnOrder = async () => {
      const res = await callApi(ctx(), 'GET', '/payment/?refundDue=true&limit=100', admin);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ _id: string; refundDue?: number }>).find(
        (p) => p._id === payment!.id,
      )?.refundDue;
    };
    const ask = async (productId: string, reason: string) => {
      const res = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
        items: [{ _id: productId, count: 1 }],
        reason,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };

    const kept = await ask(toner.id, 'Opened, changed my mind');
    const back = await ask(serum.id, 'The pump is broken');
    expect(await dueOnOrder()).toBeUndefined();
    await callApi(ctx(), 'PUT', `/returns/${kept}`, admin, { state: 'rejected', note: 'Opened toner' });
    await callApi(ctx(), 'PUT', `/returns/${back}`, admin, { state: 'approved' });
    expect(await dueOnOrder()).toBeUndefined();

    const received = await callApi(ctx(), 'PUT', `/returns/${back}`, admin, { state: 'received' });
    expect(received.json().refundAmount).toBe(1500);
    expect(await dueOnOrder()).toBe(1500);
  });

  it('a discounted order refunds the items less their share of the discount, never more than was paid', async () => {
    const { cookie, order, serum } = await deliveredOrder(ctx());
    // 2 x 1,200 + 300 = 2,700, with 270 off (a 10% code).
    await ctx()
      .database.db.updateTable('orders')
      .set({ subtotal: 2700, discount_code: 'KARIBU10', discount_amount: 270 })
      .where('id', '=', order.id)
      .execute();
    const res = await callApi(ctx(), 'POST', `/order/${order.id}/returns`, cookie, {
      items: [{ _id: serum.id, count: 1 }],
      reason: 'The wrong serum',
    });
    expect(res.statusCode).toBe(201);
    expect(returnSchema.parse(res.json()).refundAmount).toBe(1080);
    // A share that is not a whole shilling is rounded in the shop's favour.
    expect(refundFor(1000, { subtotal: 3000, discount_amount: 100 })).toBe(966);
    expect(refundFor(1000, { subtotal: 3000, discount_amount: 0 })).toBe(1000);
    expect(refundFor(500, { subtotal: 500, discount_amount: 900 })).toBe(0);
  });

  it('marking an order delivered starts its window (deliveredAt on the order)', async () => {
    const { user } = await signedInUser(ctx());
    const product = await createProduct(ctx());
    const order = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      products: [{ id: product.id, name: product.name, price: product.price }],
    });
    for (const deliveryStatus of ['in-transit', 'delivered']) {
      const res = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, admin, { deliveryStatus });
      expect(res.statusCode).toBe(200);
    }
    const read = orderSchema.parse((await callApi(ctx(), 'GET', `/order/${order.id}`, admin)).json());
    expect(Date.now() - Date.parse(read.deliveredAt!)).toBeLessThan(60_000);
  });
});
