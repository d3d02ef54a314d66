import { sql } from 'kysely';
import { orderItemSchema, orderSchema, type Order } from '@urembo/contract/orders';
import { describe, expect, it } from 'vitest';
import { nextOrderStatuses } from '../src/modules/orders/status';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { addCartLine, createPlace, createTestOrder, orderBody } from './support/orders-factories';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

async function orderRows(ctx: TestContext, userId: string) {
  return ctx.database.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
}

describeEachDialect('orders: creation and pricing', (ctx) => {
  it('prices from the catalogue and the delivery table, ignoring client totals and prices', async () => {
    const { user, cookie } = await signedInUser(ctx(), { full_name: 'Amina Wanjiru' });
    const place = await createPlace(ctx(), { shippingFee: 300 });
    const serum = await createProduct(ctx(), { name: 'Vitamin C Serum', price: 1800, images: 2 });
    const soap = await createProduct(ctx(), { name: 'Black Soap', price: 450, images: 0 });
    const res = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [{ _id: serum.id, count: 2, price: 1 } as never, { _id: soap.id, count: 3 }], {
        totalAmount: 1,
        subtotal: 1,
        shippingFee: 0,
        paymentStatus: 'paid',
        user: 'someone-else',
        country: place.country.toUpperCase(),
        town: place.town.toLowerCase(),
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({
      user: { _id: user.id, fullName: 'Amina Wanjiru' },
      name: 'Amina Wanjiru',
      phone: '254712345678',
      email: 'amina@example.com',
      country: place.country,
      county: place.county,
      town: place.town,
      location: place.location,
      subtotal: 2 * 1800 + 3 * 450,
      shippingFee: 300,
      totalAmount: 2 * 1800 + 3 * 450 + 300,
      paymentStatus: 'pending',
      deliveryStatus: 'pending',
    });
    expect(order.items).toEqual([
      {
        _id: serum.id,
        name: 'Vitamin C Serum',
        price: 1800,
        images: [`/api/v1/images/${serum.imageHashes[0]}-1200.webp`],
        count: 2,
        variant: null,
      },
      { _id: soap.id, name: 'Black Soap', price: 450, images: [], count: 3, variant: null },
    ]);
    const [row] = await orderRows(ctx(), user.id);
    expect(row).toMatchObject({ total_amount: 5250, location_id: place.locationId, idempotency_key: null });
    // The line rows are price snapshots: a later price change leaves the order alone.
    await ctx().database.db.updateTable('products').set({ price: 9999 }).where('id', '=', serum.id).execute();
    const again = await callApi(ctx(), 'GET', `/order/${order._id}`, cookie);
    expect(again.json<Order>().items[0]!.price).toBe(1800);
    expect(again.json<Order>().totalAmount).toBe(5250);
  });

  it('refuses bad counts, empty items, duplicated lines and unknown or inactive products', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const place = await createPlace(ctx());
    const product = await createProduct(ctx(), { name: 'Shea Butter' });
    const url = `/order/${user.id}`;
    for (const count of [-1, 0, 100, 1.5, '1', null]) {
      const res = await callApi(
        ctx(),
        'POST',
        url,
        cookie,
        orderBody(place, [{ _id: product.id, count } as never]),
      );
      expect(res.statusCode, `count ${String(count)}`).toBe(400);
      expect(res.json().error).toBe('count must be a whole number from 1 to 99');
    }
    const empty = await callApi(ctx(), 'POST', url, cookie, orderBody(place, []));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Your order has no items');

    const twice = await callApi(
      ctx(),
      'POST',
      url,
      cookie,
      orderBody(place, [
        { _id: product.id, count: 1 },
        { _id: product.id, count: 2 },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe(
      'A product appears more than once in the order: send each product once with its count',
    );

    const unknown = await callApi(ctx(), 'POST', url, cookie, orderBody(place, [{ _id: 'nope', count: 1 }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Product nope was not found: please remove it from your order');

    const hidden = await createProduct(ctx(), { name: 'Old Lipstick', status: 'inactive' });
    const inactive = await callApi(
      ctx(),
      'POST',
      url,
      cookie,
      orderBody(place, [
        { _id: product.id, count: 1 },
        { _id: hidden.id, count: 1 },
      ]),
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error).toBe(
      'Old Lipstick is no longer available: please remove it from your order',
    );

    const badPhone = await callApi(
      ctx(),
      'POST',
      url,
      cookie,
      orderBody(place, [{ _id: product.id, count: 1 }], { phone: '12345' }),
    );
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().details).toEqual([{ path: 'phone', message: expect.stringContaining('+254') }]);

    const noName = await callApi(
      ctx(),
      'POST',
      url,
      cookie,
      orderBody(place, [{ _id: product.id, count: 1 }], { name: '  ', email: '' }),
    );
    expect(noName.json().error).toBe('name is required');

    expect(await orderRows(ctx(), user.id)).toHaveLength(0);
  });

  it('refuses a place without delivery', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const place = await createPlace(ctx(), { county: 'Kisumu', town: 'Kisumu', location: 'Milimani' });
    const product = await createProduct(ctx());
    for (const wrong of [
      { location: 'Nowhere' },
      { town: 'Westlands' },
      { county: 'Mombasa' },
      { country: 'Uganda' },
    ]) {
      const res = await callApi(
        ctx(),
        'POST',
        `/order/${user.id}`,
        cookie,
        orderBody({ ...place, ...wrong }, [{ _id: product.id, count: 1 }]),
      );
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(res.json()).toEqual({ error: 'We do not deliver to that location yet' });
    }
    const missing = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [{ _id: product.id, count: 1 }], { town: '' }),
    );
    expect(missing.json().error).toBe('town is required');
    expect(await orderRows(ctx(), user.id)).toHaveLength(0);
  });

  it('takes the ordered products off the cart in the same transaction', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const place = await createPlace(ctx());
    const a = await createProduct(ctx());
    const b = await createProduct(ctx());
    const c = await createProduct(ctx());
    await addCartLine(ctx(), user.id, a.id, 2);
    await addCartLine(ctx(), user.id, b.id, 3);
    await addCartLine(ctx(), user.id, c.id, 1);
    const res = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [
        { _id: a.id, count: 2 },
        { _id: b.id, count: 2 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const cart = await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie);
    // a was ordered in full (line gone); two b of three were bought now (one stays, though fewer than were
    // ordered); c was not ordered.
    const left = cart.json().data.map((l: { _id: string; count: number }) => [l._id, l.count]);
    expect(left.sort()).toEqual(
      [
        [b.id, 1],
        [c.id, 1],
      ].sort(),
    );
  });

  it('writes nothing when a step fails mid-way', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const place = await createPlace(ctx());
    const good = await createProduct(ctx(), { name: 'Rose Water' });
    const boom = await createProduct(ctx(), { name: 'Boom' });
    await addCartLine(ctx(), user.id, good.id, 1);
    await addCartLine(ctx(), user.id, boom.id, 1);
    const db = ctx().database.db;
    // A trigger makes the second order line's insert fail, after the order row and the first line were written.
    if (ctx().dialect === 'sqlite') {
      await sql`create trigger order_items_boom before insert on order_items when new.name = 'Boom'
        begin select raise(abort, 'forced failure'); end`.execute(db);
    } else {
      await sql`create function order_items_boom() returns trigger language plpgsql as $$
        begin if new.name = 'Boom' then raise exception 'forced failure'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger order_items_boom before insert on order_items for each row
        execute function order_items_boom()`.execute(db);
    }
    try {
      const res = await callApi(
        ctx(),
        'POST',
        `/order/${user.id}`,
        cookie,
        orderBody(place, [
          { _id: good.id, count: 1 },
          { _id: boom.id, count: 1 },
        ]),
        { 'idempotency-key': 'boom-1' },
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      expect(await orderRows(ctx(), user.id)).toHaveLength(0);
      const items = await db
        .selectFrom('order_items')
        .select('name')
        .where('name', '=', 'Rose Water')
        .execute();
      expect(items).toHaveLength(0);
      const cart = await db.selectFrom('cart_lines').selectAll().where('user_id', '=', user.id).execute();
      expect(cart).toHaveLength(2);
    } finally {
      await sql`drop trigger order_items_boom ${sql.raw(ctx().dialect === 'postgres' ? 'on order_items' : '')}`.execute(
        db,
      );
    }
    // The same key works once the failure is gone (a failed attempt reserves nothing).
    const retry = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [{ _id: good.id, count: 1 }]),
      { 'idempotency-key': 'boom-1' },
    );
    expect(retry.statusCode).toBe(201);
  });

  it('answers the first order for a repeated Idempotency-Key, even when the repeats are concurrent', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const other = await signedInUser(ctx());
    const place = await createPlace(ctx());
    const product = await createProduct(ctx(), { price: 500 });
    const body = orderBody(place, [{ _id: product.id, count: 2 }]);
    const key = 'checkout-7d1f6c2a';
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        callApi(ctx(), 'POST', `/order/${user.id}`, cookie, body, { 'idempotency-key': key }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.json<Order>()._id));
    expect(ids.size).toBe(1);
    expect(await orderRows(ctx(), user.id)).toHaveLength(1);

    // A later repeat, even with another body, answers the same first order.
    const later = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [{ _id: product.id, count: 5 }]),
      { 'idempotency-key': key },
    );
    expect(later.statusCode).toBe(200);
    expect(later.json<Order>()._id).toBe([...ids][0]);
    expect(later.json<Order>().totalAmount).toBe(1000 + place.shippingFee);

    // Keys belong to one customer; without a key every call is a new order.
    const otherOrder = await callApi(ctx(), 'POST', `/order/${other.user.id}`, other.cookie, body, {
      'idempotency-key': key,
    });
    expect(otherOrder.statusCode).toBe(201);
    expect(otherOrder.json<Order>()._id).not.toBe([...ids][0]);
    await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, body);
    await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, body);
    expect(await orderRows(ctx(), user.id)).toHaveLength(3);

    const badKey = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, body, {
      'idempotency-key': 'x'.repeat(201),
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error).toBe('Idempotency-Key must be 1 to 200 visible characters');
  });

  it('quotes exactly what the order will cost', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const place = await createPlace(ctx(), { shippingFee: 180 });
    const a = await createProduct(ctx(), { price: 1250, images: 1 });
    const b = await createProduct(ctx(), { price: 99, images: 1 });
    const items = [
      { _id: a.id, count: 2 },
      { _id: b.id, count: 4 },
    ];
    const { country, county, town, location } = place;
    const quote = await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, {
      country,
      county,
      town,
      location,
      items,
      totalAmount: 1,
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toEqual({
      items: [
        {
          _id: a.id,
          name: a.name,
          price: 1250,
          images: [`/api/v1/images/${a.imageHashes[0]}-1200.webp`],
          count: 2,
          variant: null,
        },
        {
          _id: b.id,
          name: b.name,
          price: 99,
          images: [`/api/v1/images/${b.imageHashes[0]}-1200.webp`],
          count: 4,
          variant: null,
        },
      ],
      subtotal: 2896,
      discount: null,
      shippingFee: 180,
      totalAmount: 3076,
    });
    const noPlace = await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, { items });
    expect(noPlace.json()).toMatchObject({ subtotal: 2896, shippingFee: null, totalAmount: null });
    const half = await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, { items, country });
    expect(half.statusCode).toBe(400);
    const far = await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, {
      ...place,
      location: 'Mars',
      items,
    });
    expect(far.json()).toEqual({ error: 'We do not deliver to that location yet' });
    const created = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, orderBody(place, items));
    expect(created.json<Order>().totalAmount).toBe(quote.json().totalAmount);
    const other = await signedInUser(ctx());
    expect(
      (await callApi(ctx(), 'POST', `/order/${user.id}/quote`, other.cookie, { items })).statusCode,
    ).toBe(403);
    expect((await callApi(ctx(), 'POST', `/order/${user.id}/quote`, undefined, { items })).statusCode).toBe(
      401,
    );
  });
});

describeEachDialect('orders: reading, cancelling and admin', (ctx) => {
  it('lets only the owner place orders and only the owner or an admin read them', async () => {
    const owner = await signedInUser(ctx());
    const other = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const place = await createPlace(ctx());
    const product = await createProduct(ctx());
    const body = orderBody(place, [{ _id: product.id, count: 1 }]);

    expect((await callApi(ctx(), 'POST', `/order/${owner.user.id}`, undefined, body)).statusCode).toBe(401);
    const forOther = await callApi(ctx(), 'POST', `/order/${owner.user.id}`, other.cookie, body);
    expect(forOther.statusCode).toBe(403);
    const created = await callApi(ctx(), 'POST', `/order/${owner.user.id}`, owner.cookie, body);
    const id = created.json<Order>()._id;

    expect((await callApi(ctx(), 'GET', `/order/${id}`, owner.cookie)).statusCode).toBe(200);
    expect((await callApi(ctx(), 'GET', `/order/${id}`, admin.cookie)).statusCode).toBe(200);
    const stranger = await callApi(ctx(), 'GET', `/order/${id}`, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'Order not found' });
    expect((await callApi(ctx(), 'GET', '/order/no-such-order', owner.cookie)).json()).toEqual({
      error: 'Order not found',
    });
    expect((await callApi(ctx(), 'GET', `/order/${id}`)).statusCode).toBe(401);

    expect((await callApi(ctx(), 'GET', `/order/user/${owner.user.id}`, other.cookie)).statusCode).toBe(403);
    expect((await callApi(ctx(), 'GET', `/order/user/${owner.user.id}`)).statusCode).toBe(401);
    const asAdmin = await callApi(ctx(), 'GET', `/order/user/${owner.user.id}`, admin.cookie);
    expect(asAdmin.json().data.map((o: Order) => o._id)).toEqual([id]);

    const cancelByOther = await callApi(ctx(), 'POST', `/order/${id}/cancel`, other.cookie);
    expect(cancelByOther.statusCode).toBe(404);
  });

  it('filters a customer list by payment OR delivery status, newest first', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    const { id: pending } = await createTestOrder(ctx(), user.id, { createdAt: at(1) });
    const { id: paidPending } = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      createdAt: at(2),
    });
    const { id: paidTransit } = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      deliveryStatus: 'in-transit',
      createdAt: at(3),
    });
    const { id: delivered } = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      deliveryStatus: 'delivered',
      createdAt: at(4),
    });
    const { id: cancelled } = await createTestOrder(ctx(), user.id, {
      deliveryStatus: 'cancelled',
      createdAt: at(5),
    });
    const { id: failed } = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'payment-unsuccessful',
      createdAt: at(6),
    });
    const someoneElse = await signedInUser(ctx());
    await createTestOrder(ctx(), someoneElse.user.id);

    const list = async (status?: string) => {
      const res = await callApi(
        ctx(),
        'GET',
        `/order/user/${user.id}${status ? `?status=${status}` : ''}`,
        cookie,
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ data: Order[] }>().data.map((o) => o._id);
    };
    expect(await list()).toEqual([failed, cancelled, delivered, paidTransit, paidPending, pending]);
    expect(await list('pending')).toEqual([failed, cancelled, paidPending, pending]);
    expect(await list('paid')).toEqual([delivered, paidTransit, paidPending]);
    expect(await list('in-transit')).toEqual([paidTransit]);
    expect(await list('delivered')).toEqual([delivered]);
    expect(await list('cancelled')).toEqual([cancelled]);
    expect(await list('payment-unsuccessful')).toEqual([failed]);
    const bad = await callApi(ctx(), 'GET', `/order/user/${user.id}?status=shipped`, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('status must be one of pending, paid');
  });

  it('lists a customer’s orders by what they wait for: payment or delivery', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    const { id: pending } = await createTestOrder(ctx(), user.id, { createdAt: at(1) });
    const { id: paidPending } = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      createdAt: at(2),
    });
    const { id: paidTransit } = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      deliveryStatus: 'in-transit',
      createdAt: at(3),
    });
    await createTestOrder(ctx(), user.id, {
      paymentStatus: 'paid',
      deliveryStatus: 'delivered',
      createdAt: at(4),
    });
    const { id: cancelled } = await createTestOrder(ctx(), user.id, {
      deliveryStatus: 'cancelled',
      createdAt: at(5),
    });
    const { id: failed } = await createTestOrder(ctx(), user.id, {
      paymentStatus: 'payment-unsuccessful',
      createdAt: at(6),
    });
    await createTestOrder(ctx(), user.id, { paymentStatus: 'refunded', createdAt: at(7) });
    const someoneElse = await signedInUser(ctx());
    await createTestOrder(ctx(), someoneElse.user.id);

    const list = async (query: string) => {
      const res = await callApi(ctx(), 'GET', `/order/user/${user.id}?${query}`, cookie);
      expect(res.statusCode).toBe(200);
      return res.json<{ data: Order[] }>().data.map((o) => o._id);
    };
    // Neither a paid nor a cancelled nor a refunded order waits for payment.
    expect(await list('awaiting=payment')).toEqual([failed, pending]);
    expect(await list('awaiting=delivery')).toEqual([paidTransit, paidPending]);
    // With a status too, both apply.
    expect(await list('awaiting=delivery&status=in-transit')).toEqual([paidTransit]);
    expect(await list('awaiting=payment&status=cancelled')).toEqual([]);
    expect(await list('status=cancelled')).toEqual([cancelled]);
    const bad = await callApi(ctx(), 'GET', `/order/user/${user.id}?awaiting=shipping`, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('awaiting must be one of payment, delivery');
  });

  it('lets the owner cancel only an unpaid order whose delivery has not started', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const cancel = (id: string) => callApi(ctx(), 'POST', `/order/${id}/cancel`, cookie);

    const { id: open } = await createTestOrder(ctx(), user.id);
    const ok = await cancel(open);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: open, deliveryStatus: 'cancelled', paymentStatus: 'pending' });
    const again = await cancel(open);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This order is already cancelled' });

    const { id: failed } = await createTestOrder(ctx(), user.id, { paymentStatus: 'payment-unsuccessful' });
    expect((await cancel(failed)).statusCode).toBe(200);

    const cases: [Parameters<typeof createTestOrder>[2], string][] = [
      [
        { paymentStatus: 'paid' },
        'A paid order cannot be cancelled online: please call us and we will sort it out',
      ],
      [
        { deliveryStatus: 'in-transit' },
        'This order is already on its way and can no longer be cancelled online: please call us',
      ],
      [{ paymentStatus: 'paid', deliveryStatus: 'delivered' }, 'A delivered order cannot be cancelled'],
    ];
    for (const [state, message] of cases) {
      const { id } = await createTestOrder(ctx(), user.id, state);
      const res = await cancel(id);
      expect(res.statusCode, message).toBe(409);
      expect(res.json()).toEqual({ error: message });
      const row = await ctx()
        .database.db.selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row?.delivery_status).toBe(state?.deliveryStatus ?? 'pending');
    }
    expect((await callApi(ctx(), 'POST', `/order/${open}/cancel`)).statusCode).toBe(401);
  });

  it('keeps admin routes for admins', async () => {
    const customer = await signedInUser(ctx());
    const { id } = await createTestOrder(ctx(), customer.user.id);
    const routes: ['GET' | 'PUT', string, unknown][] = [
      ['GET', '/order', undefined],
      ['GET', '/orderItem/', undefined],
      ['PUT', `/order/updateStatus/${id}`, { paymentStatus: 'paid' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await callApi(ctx(), method, url, undefined, body)).statusCode, `${url} signed out`).toBe(401);
      const res = await callApi(ctx(), method, url, customer.cookie, body);
      expect(res.statusCode, `${url} as a customer`).toBe(403);
    }
    const row = await ctx()
      .database.db.selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.payment_status).toBe('pending');
  });

  it('updates statuses through the transition rules', async () => {
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const customer = await signedInUser(ctx());
    const { id } = await createTestOrder(ctx(), customer.user.id);
    const update = (body: unknown) => callApi(ctx(), 'PUT', `/order/updateStatus/${id}`, admin.cookie, body);

    const neither = await update({});
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ error: 'Not changed' });
    expect((await update({ paymentStatus: 'pending', deliveryStatus: 'pending' })).json()).toEqual({
      error: 'Not changed',
    });
    const bad = await update({ paymentStatus: 'payment-unsuccessfull' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'paymentStatus must be one of pending, paid, payment-unsuccessful, refunded',
    );
    expect((await update({ deliveryStatus: 'shipped' })).statusCode).toBe(400);

    // "Paid" by hand needs evidence, and records a payment row for what is owed.
    const bare = await update({ paymentStatus: 'paid' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toMatch(/receipt you saw or a reason/);
    const paid = await update({ paymentStatus: 'paid', reason: 'Cash on delivery' });
    expect(paid.statusCode).toBe(200);
    const rows = await ctx()
      .database.db.selectFrom('payments')
      .selectAll()
      .where('order_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'admin', status: 1, note: 'Cash on delivery', flag: null });
    expect(paid.json()).toMatchObject({
      paymentStatus: 'paid',
      deliveryStatus: 'pending',
      message: 'status updated',
    });
    const moving = await update({ deliveryStatus: 'in-transit' });
    expect(moving.json()).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'in-transit' });
    const done = await update({ deliveryStatus: 'delivered' });
    expect(done.json()).toMatchObject({ deliveryStatus: 'delivered' });
    const cancelDelivered = await update({ deliveryStatus: 'cancelled' });
    expect(cancelDelivered.statusCode).toBe(409);
    expect(cancelDelivered.json()).toEqual({
      error: 'The delivery status cannot change from Delivered to Cancelled',
    });

    // Cancelled is left only by reopening to pending.
    const { id: other } = await createTestOrder(ctx(), customer.user.id, { deliveryStatus: 'cancelled' });
    const reopenTo = (body: unknown) =>
      callApi(ctx(), 'PUT', `/order/updateStatus/${other}`, admin.cookie, body);
    const skip = await reopenTo({ deliveryStatus: 'delivered' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe(
      'This order is cancelled: reopen it (delivery status Pending) before changing its delivery',
    );
    const reopened = await reopenTo({
      deliveryStatus: 'pending',
      paymentStatus: 'paid',
      receipt: 'qwe1234567',
    });
    expect(reopened.json()).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending' });

    // An admin may deliver an unpaid order (the screen advises against it).
    const { id: unpaid } = await createTestOrder(ctx(), customer.user.id);
    const delivered = await callApi(ctx(), 'PUT', `/order/updateStatus/${unpaid}`, admin.cookie, {
      deliveryStatus: 'delivered',
    });
    expect(delivered.json()).toMatchObject({ paymentStatus: 'pending', deliveryStatus: 'delivered' });
    const missing = await callApi(ctx(), 'PUT', '/order/updateStatus/nope', admin.cookie, {
      paymentStatus: 'paid',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('pages orders and ordered items for admins, newest first', async () => {
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const { user, cookie } = await signedInUser(ctx(), {
      full_name: 'Zawadi Otieno',
      email: 'zawadi@example.com',
    });
    const place = await createPlace(ctx());
    const a = await createProduct(ctx(), { name: 'Aloe Gel', price: 300 });
    const b = await createProduct(ctx(), { name: 'Body Oil', price: 900 });
    const first = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [
        { _id: a.id, count: 1 },
        { _id: b.id, count: 2 },
      ]),
    );
    expect(first.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    const second = await callApi(
      ctx(),
      'POST',
      `/order/${user.id}`,
      cookie,
      orderBody(place, [{ _id: b.id, count: 4 }]),
    );

    const page = await callApi(ctx(), 'GET', '/order?page=1&limit=1', admin.cookie);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page: 1, limit: 1, totalPages: expect.any(Number) });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.data.map((o: Order) => o._id)).toEqual([second.json<Order>()._id]);
    orderSchema.parse(body.data[0]);
    const defaults = await callApi(ctx(), 'GET', '/order', admin.cookie);
    expect(defaults.json().limit).toBe(25);
    expect((await callApi(ctx(), 'GET', '/order?limit=101', admin.cookie)).statusCode).toBe(400);

    const items = await callApi(ctx(), 'GET', '/orderItem/', admin.cookie);
    expect(items.statusCode).toBe(200);
    const lines = items
      .json()
      .data.filter((l: { user: { fullName: string } }) => l.user.fullName === 'Zawadi Otieno');
    expect(lines.map((l: unknown) => orderItemSchema.parse(l))).toEqual([
      expect.objectContaining({ product: { _id: b.id, name: 'Body Oil' }, count: 4, price: 900 }),
      expect.objectContaining({ product: { _id: a.id, name: 'Aloe Gel' }, count: 1, price: 300 }),
      expect.objectContaining({ product: { _id: b.id, name: 'Body Oil' }, count: 2, price: 900 }),
    ]);
    expect(lines[0]).toMatchObject({
      user: { fullName: 'Zawadi Otieno', email: 'zawadi@example.com', phone: user.phone },
      order: { _id: second.json<Order>()._id, paymentStatus: 'pending', deliveryStatus: 'pending' },
    });
    expect(items.json().limit).toBe(50);
  });
});

describe('nextOrderStatuses', () => {
  const pending = { paymentStatus: 'pending', deliveryStatus: 'pending' } as const;
  it('lets a customer only cancel', () => {
    expect(() => nextOrderStatuses(pending, { paymentStatus: 'paid' }, 'customer')).toThrow(
      'You can only cancel your order',
    );
    expect(nextOrderStatuses(pending, { deliveryStatus: 'cancelled' }, 'customer').deliveryStatus).toBe(
      'cancelled',
    );
  });

  it('refuses an admin undoing paid on a whim only where the table says so', () => {
    const paid = { paymentStatus: 'paid', deliveryStatus: 'pending' } as const;
    expect(nextOrderStatuses(paid, { paymentStatus: 'pending' }, 'admin').paymentStatus).toBe('pending');
    expect(() => nextOrderStatuses(paid, { paymentStatus: 'payment-unsuccessful' }, 'admin')).toThrow(
      'The payment status cannot change from Paid to Payment Unsuccessful',
    );
  });
});
