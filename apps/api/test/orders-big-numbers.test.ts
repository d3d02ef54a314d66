import { expect, it } from 'vitest';
import { MAX_ORDER_SUBTOTAL, ORDER_TOO_LARGE_MESSAGE } from '@urembo/contract/order-status';
import { signedInUser } from './support/auth';
import { createProduct, type TestProduct } from './support/catalogue-factories';
import { createPlace, orderBody } from './support/orders-factories';
import { describeEachDialect } from './support/test-app';

/*
 * Property style: prices at the catalogue's edges (Ksh 1 to 10,000,000) times counts at theirs (1 to 99)
 * over 1 to 50 lines are priced exactly (checked against BigInt arithmetic) or refused with a 400 naming the limit,
 * on the order route and the quote route; never a 500.
 */
const EDGE_PRICES = [1, 2, 999_999, 5_000_000, 9_999_999, 10_000_000];
const EDGE_COUNTS = [1, 2, 50, 98, 99];

/** A small seeded generator, so a failure names a case that can be run again. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeEachDialect('orders: big numbers never give a 500', (ctx) => {
  it('prices every combination exactly or refuses it with 400 naming the limit', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const place = await createPlace(ctx(), { shippingFee: 100_000 });
    const products: TestProduct[] = [];
    for (let i = 0; i < 50; i++) {
      products.push(await createProduct(ctx(), { price: EDGE_PRICES[i % EDGE_PRICES.length]!, images: 0 }));
    }
    const random = mulberry32(20261123);
    // The extremes first: one line at the top, every line at the top, every line at the bottom.
    const cases: { _id: string; count: number }[][] = [
      [{ _id: products[5]!.id, count: 99 }],
      products.map((p) => ({ _id: p.id, count: 99 })),
      products.map((p) => ({ _id: p.id, count: 1 })),
    ];
    for (let n = 0; n < 25; n++) {
      const size = 1 + Math.floor(random() * 50);
      const shuffled = [...products].sort(() => random() - 0.5).slice(0, size);
      cases.push(
        shuffled.map((p) => ({ _id: p.id, count: EDGE_COUNTS[Math.floor(random() * EDGE_COUNTS.length)]! })),
      );
    }
    const priceOf = new Map(products.map((p) => [p.id, BigInt(p.price)]));
    let placed = 0;
    let refused = 0;
    for (const [index, items] of cases.entries()) {
      const expected = items.reduce((sum, line) => sum + priceOf.get(line._id)! * BigInt(line.count), 0n);
      for (const url of [`/api/v1/order/${user.id}/quote`, `/api/v1/order/${user.id}`]) {
        const res = await ctx().app.inject({
          method: 'POST',
          url,
          headers: { cookie },
          payload: orderBody(place, items),
        });
        const label = `case ${index} (${items.length} lines, subtotal ${expected}) on ${url}`;
        expect(res.statusCode, `${label}: ${res.body}`).not.toBeGreaterThanOrEqual(500);
        if (expected > BigInt(MAX_ORDER_SUBTOTAL)) {
          expect(res.statusCode, label).toBe(400);
          expect(res.json(), label).toEqual({ error: ORDER_TOO_LARGE_MESSAGE });
          if (url.endsWith(user.id)) refused += 1;
        } else {
          expect([200, 201], `${label}: ${res.body}`).toContain(res.statusCode);
          const body = res.json() as { subtotal: number; shippingFee: number; totalAmount: number };
          expect(BigInt(body.subtotal), label).toBe(expected);
          expect(BigInt(body.totalAmount), label).toBe(expected + 100_000n);
          if (url.endsWith(user.id)) placed += 1;
        }
      }
    }
    // Both outcomes were exercised, and nothing of a refused order was written.
    expect(placed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    const stored = await ctx()
      .database.db.selectFrom('orders')
      .select(['subtotal', 'total_amount'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(placed);
    for (const row of stored) {
      expect(Number(row.subtotal)).toBeLessThanOrEqual(MAX_ORDER_SUBTOTAL);
      expect(Number(row.total_amount)).toBe(Number(row.subtotal) + 100_000);
    }
  });
});
