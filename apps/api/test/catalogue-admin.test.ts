import { productSchema, type Product } from '@urembo/contract/catalogue';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct } from './support/catalogue-factories';
import { describeEachDialect } from './support/test-app';

describeEachDialect('catalogue admin', (ctx) => {
  let admin: string;
  let customer: string;
  let category: { id: string; name: string };

  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    customer = (await signedInUser(ctx())).cookie;
    category = await createCategory(ctx(), { name: 'Body Care' });
  });

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx().app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload } : {}),
    });

  const valid = () => ({
    name: 'Rose Water Toner',
    price: 1250,
    description: 'Pure rose water.',
    usage: 'Mist over a clean face.',
    category: category.id,
    tags: ['toner', ' rose ', 'Toner', '', 'hydrating'],
    isFeatured: true,
    isProductNew: false,
    status: 'active',
    images: [],
  });

  describe('who may write', () => {
    it('answers 401 signed out and 403 for customers on every admin route', async () => {
      const product = await createProduct(ctx());
      const routes: [method: 'POST' | 'PUT' | 'DELETE', url: string, body: object | undefined][] = [
        ['POST', '/api/v1/products/', valid()],
        ['PUT', `/api/v1/products/${product.id}`, { price: 1 }],
        ['DELETE', `/api/v1/products/${product.id}`, undefined],
        ['POST', '/api/v1/products/deleteProductImage', { url: 'x', productId: product.id }],
        ['POST', '/api/v1/category/', { category: 'X' }],
        ['PUT', `/api/v1/category/${category.id}`, { category: 'Y' }],
      ];
      for (const [method, url, body] of routes) {
        expect((await call(method, url, body, '')).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, body, customer)).statusCode, `${method} ${url}`).toBe(403);
      }
      // Nothing changed.
      const after = await ctx().app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
      expect(after.json().price).toBe(1000);
    });
  });

  describe('POST /products/', () => {
    it('creates a product with a readable slug and cleaned tags (201)', async () => {
      const res = await call('POST', '/api/v1/products/', {
        ...valid(),
        rating: 1,
        reviewCount: 99,
        slug: 'hack',
        _id: 'x',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json<Product>();
      expect(productSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({
        slug: 'rose-water-toner',
        name: 'Rose Water Toner',
        price: 1250,
        tags: ['toner', 'rose', 'hydrating'],
        isFeatured: true,
        isProductNew: false,
        status: 'active',
        category: { _id: category.id, category: 'Body Care' },
        rating: 5,
        reviewCount: 0,
        images: [],
      });
      expect(body._id).toMatch(/^[0-9a-f]{24}$/);
      // The same name again gets the next free slug.
      const again = await call('POST', '/api/v1/products/', valid());
      expect(again.json().slug).toBe('rose-water-toner-2');
      const third = await call('POST', '/api/v1/products/', { ...valid(), name: 'Rosé  Water: Toner!' });
      expect(third.json().slug).toBe('rose-water-toner-3');
      const fetched = await ctx().app.inject({ method: 'GET', url: '/api/v1/products/rose-water-toner-2' });
      expect(fetched.json()._id).toBe(again.json()._id);
    });

    it('applies defaults for optional fields and accepts a numeric string price and comma tags', async () => {
      const res = await call('POST', '/api/v1/products/', {
        name: '  Baobab Oil ',
        price: '899',
        tags: 'oil, baobab ,oil',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Baobab Oil',
        price: 899,
        description: '',
        usage: '',
        category: null,
        tags: ['oil', 'baobab'],
        isFeatured: false,
        isProductNew: false,
        status: 'active',
      });
    });

    it('refuses bad input with 400 and a clear message, writing nothing', async () => {
      const before = await ctx()
        .database.db.selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const cases: [object, RegExp][] = [
        [{ ...valid(), name: '   ' }, /Product name is required/],
        [{ ...valid(), name: undefined }, /Product name is required/],
        [{ ...valid(), name: 'x'.repeat(121) }, /at most 120/],
        [{ ...valid(), price: 0 }, /at least Ksh 1/],
        [{ ...valid(), price: -5 }, /at least Ksh 1/],
        [{ ...valid(), price: 12.5 }, /whole shillings/],
        [{ ...valid(), price: 'abc' }, /Price/],
        [{ ...valid(), price: undefined }, /Price is required/],
        [{ ...valid(), price: 10_000_001 }, /at most Ksh 10,000,000/],
        [{ ...valid(), status: 'deleted' }, /Status must be active or inactive/],
        [{ ...valid(), tags: [1, 2] }, /tag/i],
        [{ ...valid(), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /At most 20 tags/],
        [{ ...valid(), tags: ['x'.repeat(41)] }, /at most 40/],
        [{ ...valid(), isFeatured: 'yes' }, /isFeatured/],
        [{ ...valid(), description: 'x'.repeat(5001) }, /at most 5000/],
        [{ ...valid(), category: 'no-such-category' }, /Category not found/],
        [{ ...valid(), images: 'data:image/png;base64,AAAA' }, /Images must be a list/],
        [
          { ...valid(), images: Array.from({ length: 9 }, () => 'data:image/png;base64,AAAA') },
          /at most 8 images/,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/api/v1/products/', body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      const after = await ctx()
        .database.db.selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(after?.n)).toBe(Number(before?.n));
    });

    it('answers 415 for a body that is not JSON', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/products/',
        headers: { cookie: admin, 'content-type': 'text/plain' },
        payload: 'name=x',
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('PUT /products/{id}', () => {
    it('changes only the given fields and keeps the slug when renamed', async () => {
      const created = (
        await call('POST', '/api/v1/products/', { ...valid(), name: 'Matte Lipstick Ruby' })
      ).json<Product>();
      const res = await call('PUT', `/api/v1/products/${created._id}`, {
        name: 'Matte Lipstick Ruby Red',
        price: 1500,
        status: 'inactive',
        tags: ['matte'],
        isFeatured: false,
        category: null,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: created._id,
        slug: created.slug,
        name: 'Matte Lipstick Ruby Red',
        price: 1500,
        status: 'inactive',
        tags: ['matte'],
        isFeatured: false,
        isProductNew: false,
        description: 'Pure rose water.',
        category: null,
      });
      // The old slug and the id both still lead to it.
      const bySlug = await ctx().app.inject({ method: 'GET', url: `/api/v1/products/${created.slug}` });
      expect(bySlug.json().name).toBe('Matte Lipstick Ruby Red');
    });

    it('refuses bad input (400) and unknown products (404)', async () => {
      const p = await createProduct(ctx());
      expect((await call('PUT', `/api/v1/products/${p.id}`, { price: 0 })).statusCode).toBe(400);
      expect((await call('PUT', `/api/v1/products/${p.id}`, { name: '' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/v1/products/${p.id}`, { category: 'missing' })).statusCode).toBe(400);
      const missing = await call('PUT', '/api/v1/products/000000000000000000000000', { price: 10 });
      expect(missing.statusCode).toBe(404);
      // Updates go by id, not by slug.
      expect((await call('PUT', `/api/v1/products/${p.slug}`, { price: 10 })).statusCode).toBe(404);
    });
  });

  describe('DELETE /products/{id}', () => {
    it('deletes, then answers 404', async () => {
      const p = await createProduct(ctx(), { name: 'Doomed cream' });
      const res = await call('DELETE', `/api/v1/products/${p.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Product deleted' });
      expect((await ctx().app.inject({ method: 'GET', url: `/api/v1/products/${p.id}` })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/v1/products/${p.id}`)).statusCode).toBe(404);
      // Gone from search too.
      const found = await ctx().app.inject({ method: 'GET', url: '/api/v1/products/search?search=doomed' });
      expect(found.json().total).toBe(0);
    });
  });

  describe('categories', () => {
    it('creates (201), refuses duplicates ignoring case (409) and blank names (400)', async () => {
      const res = await call('POST', '/api/v1/category/', {
        category: 'Nail Care',
        description: 'Polish and more',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        _id: expect.any(String),
        category: 'Nail Care',
        description: 'Polish and more',
      });
      const dup = await call('POST', '/api/v1/category/', { category: ' nail care ' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toMatch(/already exists/);
      expect((await call('POST', '/api/v1/category/', { category: '  ' })).statusCode).toBe(400);
      expect((await call('POST', '/api/v1/category/', { description: 'x' })).statusCode).toBe(400);
      expect((await call('POST', '/api/v1/category/', { category: 'x'.repeat(61) })).statusCode).toBe(400);
      const noDescription = await call('POST', '/api/v1/category', { category: 'Fragrance' });
      expect(noDescription.json().description).toBe('');
    });

    it('updates name and description; a taken name is 409, an unknown id 404', async () => {
      const a = (await call('POST', '/api/v1/category/', { category: 'Tools' })).json();
      await call('POST', '/api/v1/category/', { category: 'Brushes' });
      const res = await call('PUT', `/api/v1/category/${a._id}`, {
        category: 'Tools & Accessories',
        description: 'Brushes, combs',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        _id: a._id,
        category: 'Tools & Accessories',
        description: 'Brushes, combs',
      });
      const same = await call('PUT', `/api/v1/category/${a._id}`, { category: 'tools & accessories' });
      expect(same.statusCode).toBe(200);
      const taken = await call('PUT', `/api/v1/category/${a._id}`, { category: 'BRUSHES' });
      expect(taken.statusCode).toBe(409);
      expect((await call('PUT', '/api/v1/category/nope', { category: 'Z' })).statusCode).toBe(404);
      expect((await call('PUT', `/api/v1/category/${a._id}`, { category: '' })).statusCode).toBe(400);
      // Products show the new name.
      const p = await createProduct(ctx(), { categoryId: a._id });
      await call('PUT', `/api/v1/category/${a._id}`, { category: 'Tools' });
      const shown = await ctx().app.inject({ method: 'GET', url: `/api/v1/products/${p.id}` });
      expect(shown.json().category).toEqual({ _id: a._id, category: 'Tools' });
    });

    it('deletes an empty category; one with products or a discount code limited to it is 409', async () => {
      const empty = (await call('POST', '/api/v1/category/', { category: 'Empty Shelf' })).json();
      const full = (await call('POST', '/api/v1/category/', { category: 'Full Shelf' })).json();
      await createProduct(ctx(), { categoryId: full._id });
      await createProduct(ctx(), { categoryId: full._id, status: 'inactive' });
      const named = (await call('POST', '/api/v1/category/', { category: 'Sale Shelf' })).json();
      const code = `SHELF${Date.now() % 100_000}`;
      const discount = await call('POST', '/api/v1/discounts', {
        code,
        kind: 'percent',
        value: 10,
        categories: [named._id],
      });
      expect(discount.statusCode, discount.body).toBe(201);

      expect((await call('DELETE', `/api/v1/category/${empty._id}`, undefined, customer)).statusCode).toBe(
        403,
      );
      const busy = await call('DELETE', `/api/v1/category/${full._id}`);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toBe('Full Shelf still has 2 products: move them to another category first');
      const limited = await call('DELETE', `/api/v1/category/${named._id}`);
      expect(limited.statusCode).toBe(409);
      expect(limited.json().error).toContain(`Discount code ${code} is limited to Sale Shelf`);

      const res = await call('DELETE', `/api/v1/category/${empty._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Category deleted' });
      const list = await ctx().app.inject({ method: 'GET', url: '/api/v1/category' });
      const names = (list.json().data as { category: string }[]).map((c) => c.category);
      expect(names).not.toContain('Empty Shelf');
      expect(names).toContain('Full Shelf');
      expect((await call('DELETE', `/api/v1/category/${empty._id}`)).statusCode).toBe(404);
      const audit = await ctx()
        .database.db.selectFrom('audit_log')
        .select('summary')
        .where('entity_id', '=', empty._id)
        .where('action', '=', 'delete')
        .execute();
      expect(audit.map((a) => a.summary)).toEqual(['Deleted category "Empty Shelf"']);
    });
  });
});
