import { cartLineSchema, type Cart } from '@urembo/contract/orders';
import { expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct, setProductStatus } from './support/catalogue-factories';
import { callApi, describeEachDialect } from './support/test-app';

describeEachDialect('cart', (ctx) => {
  it('adds, accumulates, reduces, removes and clears lines with a server subtotal', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const { id: categoryId } = await createCategory(ctx(), { name: 'Skin care' });
    const serum = await createProduct(ctx(), {
      name: 'Vitamin C Serum',
      price: 1800,
      images: 2,
      categoryId,
      tags: ['test'],
    });
    const soap = await createProduct(ctx(), { name: 'Black Soap', price: 450 });

    const first = await callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, { productId: serum.id });
    expect(first.statusCode).toBe(200);
    const firstCart = first.json<Cart>();
    expect(firstCart.subtotal).toBe(1800);
    expect(firstCart.data).toHaveLength(1);
    const line = cartLineSchema.parse(firstCart.data[0]);
    expect(line).toMatchObject({
      _id: serum.id,
      slug: serum.slug,
      name: 'Vitamin C Serum',
      price: 1800,
      count: 1,
      status: 'active',
      category: { _id: categoryId, category: 'Skin care' },
      rating: 5,
      reviewCount: 0,
      tags: ['test'],
    });
    expect(line.images).toEqual(serum.imageHashes.map((h) => `/api/v1/images/${h}-1200.webp`));

    await callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, { productId: serum.id, count: 2 });
    const both = await callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, {
      productId: soap.id,
      count: 3,
    });
    // Lines come oldest first; two added in the same millisecond may come in either order.
    expect(
      both
        .json<Cart>()
        .data.map((l) => [l.name, l.count])
        .sort(),
    ).toEqual([
      ['Black Soap', 3],
      ['Vitamin C Serum', 3],
    ]);
    expect(both.json<Cart>().subtotal).toBe(3 * 1800 + 3 * 450);

    const reduced = await callApi(ctx(), 'DELETE', `/user/removeFromCart/${user.id}`, cookie, {
      productId: soap.id,
    });
    expect(reduced.statusCode).toBe(200);
    expect(reduced.json<Cart>().data.find((l) => l._id === soap.id)?.count).toBe(2);
    expect(reduced.json<Cart>().subtotal).toBe(3 * 1800 + 2 * 450);

    const removed = await callApi(ctx(), 'DELETE', `/user/removeFromCart/${user.id}`, cookie, {
      productId: serum.id,
      all: true,
    });
    expect(removed.json<Cart>().data.map((l) => l._id)).toEqual([soap.id]);

    // Reducing a line of one removes it.
    await callApi(ctx(), 'DELETE', `/user/removeFromCart/${user.id}`, cookie, { productId: soap.id });
    const afterOne = await callApi(ctx(), 'DELETE', `/user/removeFromCart/${user.id}`, cookie, {
      productId: soap.id,
    });
    expect(afterOne.json<Cart>()).toEqual({ data: [], subtotal: 0 });
    const gone = await callApi(ctx(), 'DELETE', `/user/removeFromCart/${user.id}`, cookie, {
      productId: soap.id,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'That product is not in your cart' });

    await callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, { productId: soap.id, count: 5 });
    const cleared = await callApi(ctx(), 'DELETE', `/user/clearCart/${user.id}`, cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ data: [], subtotal: 0 });
    const read = await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie);
    expect(read.json()).toEqual({ data: [], subtotal: 0 });
  });

  it('caps a line at 99 and validates counts', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const product = await createProduct(ctx(), { price: 100 });
    const url = `/user/addToCart/${user.id}`;
    expect((await callApi(ctx(), 'POST', url, cookie, { productId: product.id, count: 99 })).statusCode).toBe(
      200,
    );
    const over = await callApi(ctx(), 'POST', url, cookie, { productId: product.id });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(
      'You can have at most 99 of one product in your cart (you have 99 already)',
    );
    const cart = await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie);
    expect(cart.json<Cart>().data[0]!.count).toBe(99);

    for (const count of [0, -1, 100, 1.5, '2', null]) {
      const res = await callApi(ctx(), 'POST', url, cookie, { productId: product.id, count });
      expect(res.statusCode, `count ${String(count)}`).toBe(400);
      expect(res.json().error).toBe('count must be a whole number from 1 to 99');
    }
    expect((await callApi(ctx(), 'POST', url, cookie, {})).json().error).toBe('productId is required');
  });

  it('refuses missing and inactive products, and keeps an inactive line out of the subtotal', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const url = `/user/addToCart/${user.id}`;
    const missing = await callApi(ctx(), 'POST', url, cookie, { productId: 'no-such-product' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Product not found' });

    const hidden = await createProduct(ctx(), { status: 'inactive' });
    const inactive = await callApi(ctx(), 'POST', url, cookie, { productId: hidden.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual({ error: 'This product is not available right now' });

    const lotion = await createProduct(ctx(), { price: 700 });
    const balm = await createProduct(ctx(), { price: 300, rating: 4.5, reviewCount: 2 });
    await callApi(ctx(), 'POST', url, cookie, { productId: lotion.id, count: 2 });
    await callApi(ctx(), 'POST', url, cookie, { productId: balm.id });
    await setProductStatus(ctx(), lotion.id, 'inactive');
    const cart = (await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie)).json<Cart>();
    const byId = new Map(cart.data.map((l) => [l._id, l]));
    expect(byId.get(lotion.id)).toMatchObject({ status: 'inactive', count: 2 });
    expect(byId.get(balm.id)).toMatchObject({ status: 'active', count: 1, rating: 4.5 });
    expect(cart.data).toHaveLength(2);
    expect(cart.subtotal).toBe(300);
  });

  it('needs a session and reaches only your own cart', async () => {
    const owner = await signedInUser(ctx());
    const other = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const product = await createProduct(ctx());
    const routes: ['GET' | 'POST' | 'DELETE', string, unknown][] = [
      ['GET', `/user/getCart/${owner.user.id}`, undefined],
      ['POST', `/user/addToCart/${owner.user.id}`, { productId: product.id }],
      ['DELETE', `/user/removeFromCart/${owner.user.id}`, { productId: product.id }],
      ['DELETE', `/user/clearCart/${owner.user.id}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      const signedOut = await callApi(ctx(), method, url, undefined, body);
      expect(signedOut.statusCode, `${method} ${url} signed out`).toBe(401);
      for (const intruder of [other, admin]) {
        const res = await callApi(ctx(), method, url, intruder.cookie, body);
        expect(res.statusCode, `${method} ${url} as another user`).toBe(403);
        expect(res.json()).toEqual({ error: 'You can only reach your own account' });
      }
    }
    const lines = await ctx().database.db.selectFrom('cart_lines').selectAll().execute();
    expect(lines.filter((l) => l.user_id === owner.user.id)).toHaveLength(0);
  });

  it('adds concurrently without losing a tap', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const product = await createProduct(ctx());
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, { productId: product.id, count: 2 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const cart = (await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie)).json<Cart>();
    expect(cart.data[0]!.count).toBe(12);
  });
});
