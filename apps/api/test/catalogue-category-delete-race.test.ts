import { expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct } from './support/catalogue-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

/*
 * Deleting a category checks for its products and discount codes in the transaction that deletes it, under the
 * category's row lock: a product put in it at the same moment is either counted (409) or finds it gone (400), never
 * left without its category.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDialect('deleting a category while a product is put in it', (ctx) => {
  const call = (method: 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload } : {}) });

  it('counts a product inserted in a transaction still open when the delete starts', async () => {
    const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    const shelf = await createCategory(ctx(), { name: 'Racing Shelf' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    // Another writer puts a product in the category and has not committed yet.
    const writer = ctx()
      .database.db.transaction()
      .execute(async (trx) => {
        const inTrx = { ...ctx(), database: { ...ctx().database, db: trx } } as unknown as TestContext;
        await createProduct(inTrx, { name: 'Late Arrival', categoryId: shelf.id });
        inserted();
        await held;
      });
    await insertedYet;
    const deleting = call('DELETE', `/api/v1/category/${shelf.id}`, admin);
    await sleep(300);
    release();
    await writer;
    const res = await deleting;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      error: 'Racing Shelf still has 1 product: move them to another category first',
    });
    const product = await ctx()
      .database.db.selectFrom('products')
      .select('category_id')
      .where('name', '=', 'Late Arrival')
      .executeTakeFirstOrThrow();
    expect(product.category_id).toBe(shelf.id);
  });

  it('makes a product or discount code that names a category deleted meanwhile a 400, not a 500', async () => {
    const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    const shelf = await createCategory(ctx(), { name: 'Going Shelf' });
    const [deleted, product, discount] = await Promise.all([
      call('DELETE', `/api/v1/category/${shelf.id}`, admin),
      call('POST', '/api/v1/products/', admin, {
        name: 'Caught In Between',
        price: 900,
        description: 'A product.',
        usage: 'Use it.',
        category: shelf.id,
        tags: [],
        isFeatured: false,
        isProductNew: false,
        status: 'active',
        images: [],
      }),
      call('POST', '/api/v1/discounts', admin, {
        code: `GONE${Date.now() % 100_000}`,
        kind: 'percent',
        value: 10,
        categories: [shelf.id],
      }),
    ]);
    // Whichever came first: the delete refused because of the others, or the others refused for a missing category.
    expect([200, 409]).toContain(deleted.statusCode);
    expect([201, 400]).toContain(product.statusCode);
    expect([201, 400]).toContain(discount.statusCode);
    const row = await ctx()
      .database.db.selectFrom('products')
      .select('category_id')
      .where('name', '=', 'Caught In Between')
      .executeTakeFirst();
    if (deleted.statusCode === 200) {
      expect(product.statusCode).toBe(400);
      expect(discount.statusCode).toBe(400);
      expect(row).toBeUndefined();
    } else {
      expect(product.statusCode === 201 || discount.statusCode === 201).toBe(true);
      if (row) expect(row.category_id).toBe(shelf.id);
    }
  });
});
