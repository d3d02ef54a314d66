import { discountSchema, type Discount } from '@urembo/contract/discounts';
import { orderQuoteSchema, orderSchema } from '@urembo/contract/orders';
import { publicConfigSchema } from '@urembo/contract/public-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct } from './support/catalogue-factories';
import { createPlace, orderBody, type TestPlace } from './support/orders-factories';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

let counter = 0;
/** A code of its own per call, so codes made by different tests never clash. */
function freshCode(prefix = 'SAVE'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36).slice(-5)}`.toUpperCase();
}

async function createDiscount(
  ctx: TestContext,
  admin: string,
  body: Record<string, unknown>,
): Promise<Discount> {
  const res = await callApi(ctx, 'POST', '/discounts', admin, { code: freshCode(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return discountSchema.parse(res.json());
}

async function usedOf(ctx: TestContext, admin: string, id: string): Promise<number> {
  const res = await callApi(ctx, 'GET', '/discounts', admin);
  const found = (res.json() as { data: Discount[] }).data.find((d) => d._id === id);
  if (!found) throw new Error(`no discount ${id}`);
  return found.used;
}

describeEachDialect('discount codes: admin', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  it('the demo seeds one code, KARIBU10, on a shop without codes', async () => {
    const { discountsDemoSeeder } = await import('../src/dev/discounts/seeder');
    expect(await discountsDemoSeeder.isEmpty(ctx().database.db)).toBe(true);
    await discountsDemoSeeder.seed(ctx().database.db, ctx().config, ctx().app.log);
    const list = (await callApi(ctx(), 'GET', '/discounts', admin)).json() as { data: Discount[] };
    expect(list.data).toMatchObject([
      { code: 'KARIBU10', kind: 'percent', value: 10, oncePerCustomer: true },
    ]);
    expect(await discountsDemoSeeder.isEmpty(ctx().database.db)).toBe(false);
  });

  it('creates, lists, changes and deletes codes; a code is unique ignoring case', async () => {
    const category = await createCategory(ctx());
    const code = freshCode('Lips');
    const created = await createDiscount(ctx(), admin, {
      code,
      kind: 'percent',
      value: 15,
      minSubtotal: 1000,
      startsAt: '2026-01-01T00:00:00+03:00',
      endsAt: '2027-01-01T00:00:00+03:00',
      usageLimit: 100,
      oncePerCustomer: true,
      categories: [category.id],
    });
    expect(created).toMatchObject({
      code,
      kind: 'percent',
      value: 15,
      minSubtotal: 1000,
      startsAt: '2025-12-31T21:00:00.000Z',
      endsAt: '2026-12-31T21:00:00.000Z',
      usageLimit: 100,
      used: 0,
      oncePerCustomer: true,
      categories: [category.id],
      active: true,
    });
    const plain = await createDiscount(ctx(), admin, { kind: 'amount', value: 500 });
    expect(plain).toMatchObject({
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      oncePerCustomer: false,
      categories: [],
      active: true,
    });

    const again = await callApi(ctx(), 'POST', '/discounts', admin, {
      code: code.toLowerCase(),
      kind: 'amount',
      value: 100,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already a discount code/);

    const list = (await callApi(ctx(), 'GET', '/discounts', admin)).json() as { data: Discount[] };
    expect(list.data.map((d) => d._id)).toEqual(expect.arrayContaining([created._id, plain._id]));

    const paused = await callApi(ctx(), 'PUT', `/discounts/${created._id}`, admin, {
      active: false,
      value: 20,
      usageLimit: null,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      active: false,
      value: 20,
      usageLimit: null,
      code,
      minSubtotal: 1000,
    });

    const clash = await callApi(ctx(), 'PUT', `/discounts/${plain._id}`, admin, { code: code.toLowerCase() });
    expect(clash.statusCode).toBe(409);
    // Its own code in another case is no clash.
    const recase = await callApi(ctx(), 'PUT', `/discounts/${created._id}`, admin, {
      code: code.toLowerCase(),
    });
    expect(recase.statusCode).toBe(200);

    expect((await callApi(ctx(), 'DELETE', `/discounts/${plain._id}`, admin)).statusCode).toBe(200);
    expect((await callApi(ctx(), 'DELETE', `/discounts/${plain._id}`, admin)).statusCode).toBe(404);
    expect((await callApi(ctx(), 'PUT', `/discounts/${plain._id}`, admin, { value: 5 })).statusCode).toBe(
      404,
    );
  });

  it('refuses bad input with 400 naming the rule, and customers with 403', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ code: 'AB', kind: 'percent', value: 10 }, /3 to 20 letters, digits and dashes/],
      [{ code: 'HAS SPACE', kind: 'percent', value: 10 }, /letters, digits and dashes/],
      [{ code: 'X'.repeat(21), kind: 'percent', value: 10 }, /3 to 20/],
      [{ code: 'GOOD1', kind: 'half', value: 10 }, /kind must be one of percent, amount/],
      [{ code: 'GOOD1', kind: 'percent', value: 91 }, /percent discount must be 1 to 90/],
      [{ code: 'GOOD1', kind: 'percent', value: 0 }, /value must be a whole number from 1/],
      [
        { code: 'GOOD1', kind: 'amount', value: 1_000_001 },
        /value must be a whole number from 1 to 1,000,000/,
      ],
      [{ code: 'GOOD1', kind: 'amount', value: 2.5 }, /value must be a whole number/],
      [{ code: 'GOOD1', kind: 'amount', value: '100' }, /value must be a whole number/],
      [{ code: 'GOOD1', kind: 'amount', value: 100, minSubtotal: -1 }, /minSubtotal/],
      [{ code: 'GOOD1', kind: 'amount', value: 100, usageLimit: 0 }, /usageLimit/],
      [
        { code: 'GOOD1', kind: 'amount', value: 100, startsAt: 'tomorrow' },
        /startsAt must be a date and time/,
      ],
      [
        {
          code: 'GOOD1',
          kind: 'amount',
          value: 100,
          startsAt: '2026-12-01T00:00:00Z',
          endsAt: '2026-11-01T00:00:00Z',
        },
        /endsAt must be after startsAt/,
      ],
      [
        { code: 'GOOD1', kind: 'amount', value: 100, categories: ['no-such-category'] },
        /Category no-such-category/,
      ],
      [
        { code: 'GOOD1', kind: 'amount', value: 100, oncePerCustomer: 'yes' },
        /oncePerCustomer must be true or false/,
      ],
      [{ code: 'GOOD1', value: 100 }, /kind/],
    ];
    for (const [body, message] of bad) {
      const res = await callApi(ctx(), 'POST', '/discounts', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
    const amount = await createDiscount(ctx(), admin, { kind: 'amount', value: 500 });
    // Switching an amount of 500 to a percent keeps the value, which is then out of range.
    const toPercent = await callApi(ctx(), 'PUT', `/discounts/${amount._id}`, admin, { kind: 'percent' });
    expect(toPercent.statusCode).toBe(400);
    expect(toPercent.json().error).toMatch(/percent discount must be 1 to 90/);

    const { cookie } = await signedInUser(ctx());
    expect((await callApi(ctx(), 'GET', '/discounts', cookie)).statusCode).toBe(403);
    expect(
      (await callApi(ctx(), 'POST', '/discounts', cookie, { code: 'MINE1', kind: 'percent', value: 90 }))
        .statusCode,
    ).toBe(403);
    expect((await callApi(ctx(), 'GET', '/discounts')).statusCode).toBe(401);
  });
});

describeEachDialect('discount codes at checkout', (ctx) => {
  let admin: string;
  let place: TestPlace;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    place = await createPlace(ctx(), { shippingFee: 250 });
  });

  async function quote(cookie: string, userId: string, body: Record<string, unknown>) {
    return callApi(ctx(), 'POST', `/order/${userId}/quote`, cookie, body);
  }

  it('takes a percent off the eligible lines rounded down, an amount capped at them', async () => {
    const lips = await createCategory(ctx(), { name: 'Lips' });
    const lipstick = await createProduct(ctx(), { price: 999, categoryId: lips.id });
    const soap = await createProduct(ctx(), { price: 350 });
    const { user, cookie } = await signedInUser(ctx());
    const items = [
      { _id: lipstick.id, count: 1 },
      { _id: soap.id, count: 2 },
    ];

    const percent = await createDiscount(ctx(), admin, { kind: 'percent', value: 15 });
    const all = orderQuoteSchema.parse(
      (
        await quote(cookie, user.id, { items, discountCode: percent.code.toLowerCase(), ...placeOf(place) })
      ).json(),
    );
    // 15% of 1,699 is 254.85: 254.
    expect(all).toMatchObject({
      subtotal: 1699,
      discount: { code: percent.code, amount: 254 },
      shippingFee: 250,
      totalAmount: 1699 - 254 + 250,
    });

    const lipsOnly = await createDiscount(ctx(), admin, {
      kind: 'percent',
      value: 15,
      categories: [lips.id],
    });
    const some = (await quote(cookie, user.id, { items, discountCode: ` ${lipsOnly.code} ` })).json();
    // 15% of 999 is 149.85: 149. Without a place there is no fee and no total.
    expect(some).toMatchObject({
      subtotal: 1699,
      discount: { amount: 149 },
      shippingFee: null,
      totalAmount: null,
    });

    const capped = await createDiscount(ctx(), admin, { kind: 'amount', value: 5000, categories: [lips.id] });
    const cap = (
      await quote(cookie, user.id, { items, discountCode: capped.code, ...placeOf(place) })
    ).json();
    expect(cap).toMatchObject({ discount: { amount: 999 }, totalAmount: 1699 - 999 + 250 });

    const none = (await quote(cookie, user.id, { items, discountCode: '' })).json();
    expect(none).toMatchObject({ discount: null });

    const order = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, {
      ...orderBody(place, items),
      discountCode: percent.code.toLowerCase(),
    });
    expect(order.statusCode, order.body).toBe(201);
    const placed = orderSchema.parse(order.json());
    expect(placed).toMatchObject({
      subtotal: 1699,
      discount: { code: percent.code, amount: 254 },
      shippingFee: 250,
      totalAmount: 1695,
    });
    const read = orderSchema.parse((await callApi(ctx(), 'GET', `/order/${placed._id}`, cookie)).json());
    expect(read.discount).toEqual({ code: percent.code, amount: 254 });
    expect(await usedOf(ctx(), admin, percent._id)).toBe(1);
  });

  it('refuses a code with its reason, 400 on the quote and the order alike, and writes nothing', async () => {
    const lips = await createCategory(ctx(), { name: 'Lip oils' });
    const product = await createProduct(ctx(), { price: 1000 });
    const { user, cookie } = await signedInUser(ctx());
    const items = [{ _id: product.id, count: 1 }];
    const day = 86_400_000;
    const later = new Date(Date.now() + 10 * day).toISOString();
    const earlier = new Date(Date.now() - 10 * day).toISOString();

    const paused = await createDiscount(ctx(), admin, { kind: 'percent', value: 10, active: false });
    const future = await createDiscount(ctx(), admin, { kind: 'percent', value: 10, startsAt: later });
    const past = await createDiscount(ctx(), admin, {
      kind: 'percent',
      value: 10,
      startsAt: new Date(Date.now() - 20 * day).toISOString(),
      endsAt: earlier,
    });
    const big = await createDiscount(ctx(), admin, { kind: 'amount', value: 100, minSubtotal: 5000 });
    const other = await createDiscount(ctx(), admin, { kind: 'amount', value: 100, categories: [lips.id] });
    const once = await createDiscount(ctx(), admin, { kind: 'amount', value: 100, usageLimit: 1 });
    const mine = await createDiscount(ctx(), admin, { kind: 'amount', value: 100, oncePerCustomer: true });

    // Use up `once`, and `mine` for this customer.
    const first = await signedInUser(ctx());
    const usedUp = await callApi(ctx(), 'POST', `/order/${first.user.id}`, first.cookie, {
      ...orderBody(place, items),
      discountCode: once.code,
    });
    expect(usedUp.statusCode, usedUp.body).toBe(201);
    const mineFirst = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, {
      ...orderBody(place, items),
      discountCode: mine.code,
    });
    expect(mineFirst.statusCode, mineFirst.body).toBe(201);

    const cases: [string, RegExp][] = [
      ['NOSUCH-CODE', /There is no discount code NOSUCH-CODE/],
      ['bad code!', /There is no discount code/],
      [paused.code, /is not active/],
      [future.code, /starts on/],
      [past.code, /ended on/],
      [big.code, /needs a subtotal of at least Ksh 5,000/],
      [other.code, /does not apply to the products in your order/],
      [once.code, /has been used up/],
      [mine.code, /You have already used the code/],
      ['X'.repeat(51), /too long/],
    ];
    for (const [code, message] of cases) {
      const q = await quote(cookie, user.id, { items, discountCode: code });
      expect(q.statusCode, code).toBe(400);
      expect(q.json().error, code).toMatch(message);
      const o = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, {
        ...orderBody(place, items),
        discountCode: code,
      });
      expect(o.statusCode, code).toBe(400);
      expect(o.json().error, code).toMatch(message);
    }
    const orders = (await callApi(ctx(), 'GET', `/order/user/${user.id}`, cookie)).json() as {
      data: unknown[];
    };
    expect(orders.data).toHaveLength(1);
    expect(await usedOf(ctx(), admin, once._id)).toBe(1);
  });

  it('gives a use back when the order is cancelled, and takes it again when reopened', async () => {
    const product = await createProduct(ctx(), { price: 800 });
    const items = [{ _id: product.id, count: 1 }];
    const code = await createDiscount(ctx(), admin, {
      kind: 'amount',
      value: 100,
      usageLimit: 1,
      oncePerCustomer: true,
    });
    const a = await signedInUser(ctx());
    const placed = await callApi(ctx(), 'POST', `/order/${a.user.id}`, a.cookie, {
      ...orderBody(place, items),
      discountCode: code.code,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = orderSchema.parse(placed.json())._id;
    expect(await usedOf(ctx(), admin, code._id)).toBe(1);

    const cancel = await callApi(ctx(), 'POST', `/order/${orderId}/cancel`, a.cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usedOf(ctx(), admin, code._id)).toBe(0);
    // The cancelled order keeps what it was given.
    expect(cancel.json().discount).toEqual({ code: code.code, amount: 100 });

    // The same customer may use it again now, and then nobody else can.
    const b = await signedInUser(ctx());
    const again = await callApi(ctx(), 'POST', `/order/${a.user.id}`, a.cookie, {
      ...orderBody(place, items),
      discountCode: code.code,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await usedOf(ctx(), admin, code._id)).toBe(1);

    // Reopening the first order needs a use the code no longer has.
    const reopen = await callApi(ctx(), 'PUT', `/order/updateStatus/${orderId}`, admin, {
      deliveryStatus: 'pending',
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toMatch(/used up/);

    await callApi(ctx(), 'POST', `/order/${orderSchema.parse(again.json())._id}/cancel`, a.cookie);
    expect(await usedOf(ctx(), admin, code._id)).toBe(0);
    const reopened = await callApi(ctx(), 'PUT', `/order/updateStatus/${orderId}`, admin, {
      deliveryStatus: 'pending',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await usedOf(ctx(), admin, code._id)).toBe(1);
    const refused = await quote(b.cookie, b.user.id, { items, discountCode: code.code });
    expect(refused.json().error).toMatch(/used up/);
  });

  it('concurrent orders never pass the usage limit, nor use a once-per-customer code twice', async () => {
    const product = await createProduct(ctx(), { price: 600 });
    const items = [{ _id: product.id, count: 1 }];
    const code = await createDiscount(ctx(), admin, { kind: 'percent', value: 10, usageLimit: 2 });
    const customers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(ctx())));
    const once = await createDiscount(ctx(), admin, { kind: 'amount', value: 50, oncePerCustomer: true });
    const one = customers[0]!;
    const address = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (cookie: string, userId: string, discountCode: string) => {
      const res = await fetch(`${address}/api/v1/order/${userId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ ...orderBody(place, items), discountCode }),
      });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    };
    try {
      const results = await Promise.all(customers.map((c) => post(c.cookie, c.user.id, code.code)));
      const created = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 400);
      process.stdout.write(
        `[${ctx().dialect}] code race: ${created.length} created, ${refused.length} refused (400)\n`,
      );
      expect(created).toHaveLength(2);
      expect(refused).toHaveLength(6);
      for (const r of refused) expect(r.body.error).toMatch(/has been used up/);
      expect(await usedOf(ctx(), admin, code._id)).toBe(2);

      const mine = await Promise.all(
        Array.from({ length: 4 }, () => post(one.cookie, one.user.id, once.code)),
      );
      expect(mine.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of mine.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(/already used/);
      }
      expect(await usedOf(ctx(), admin, once._id)).toBe(1);
    } finally {
      await ctx().app.server.close();
    }
  });
});

describeEachDialect(
  'free delivery',
  (ctx) => {
    let admin: string;
    let place: TestPlace;
    beforeAll(async () => {
      admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
      place = await createPlace(ctx(), { shippingFee: 300 });
    });

    it('charges no delivery when the subtotal after the discount reaches FREE_DELIVERY_FROM', async () => {
      const config = publicConfigSchema.parse((await callApi(ctx(), 'GET', '/config/public')).json());
      expect(config.freeDeliveryFrom).toBe(3000);
      const product = await createProduct(ctx(), { price: 1500 });
      const { user, cookie } = await signedInUser(ctx());
      const two = [{ _id: product.id, count: 2 }];
      const free = (
        await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, { items: two, ...placeOf(place) })
      ).json();
      expect(free).toMatchObject({ subtotal: 3000, shippingFee: 0, totalAmount: 3000 });

      const code = await createDiscount(ctx(), admin, { kind: 'amount', value: 1 });
      const below = (
        await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, {
          items: two,
          discountCode: code.code,
          ...placeOf(place),
        })
      ).json();
      expect(below).toMatchObject({
        subtotal: 3000,
        discount: { amount: 1 },
        shippingFee: 300,
        totalAmount: 3299,
      });

      const order = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, orderBody(place, two));
      expect(order.statusCode).toBe(201);
      expect(order.json()).toMatchObject({ shippingFee: 0, totalAmount: 3000 });
    });
  },
  { env: { FREE_DELIVERY_FROM: '3000' } },
);

describe('free delivery setting', () => {
  it('is never without FREE_DELIVERY_FROM, and refuses a value that is not whole shillings', async () => {
    const { loadConfig } = await import('../src/config');
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig(base).freeDeliveryFrom).toBeNull();
    expect(loadConfig({ ...base, FREE_DELIVERY_FROM: '' }).freeDeliveryFrom).toBeNull();
    expect(loadConfig({ ...base, FREE_DELIVERY_FROM: '2500' }).freeDeliveryFrom).toBe(2500);
    for (const bad of ['abc', '0', '99.5', '-3']) {
      expect(() => loadConfig({ ...base, FREE_DELIVERY_FROM: bad }), bad).toThrow(/FREE_DELIVERY_FROM/);
    }
  });
});

function placeOf(place: TestPlace) {
  return { country: place.country, county: place.county, town: place.town, location: place.location };
}
