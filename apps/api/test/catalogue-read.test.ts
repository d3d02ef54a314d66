import { productSchema, type Product } from '@urembo/contract/catalogue';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct } from './support/catalogue-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

interface PagedBody {
  data: Product[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

describeEachDialect('catalogue reads', (ctx) => {
  const get = async (url: string, cookie?: string) =>
    ctx().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  let skin: { id: string; name: string };
  let makeup: { id: string; name: string };
  let hidden: Awaited<ReturnType<typeof createProduct>>;
  let featured: Awaited<ReturnType<typeof createProduct>>[];

  beforeAll(async () => {
    const c: TestContext = ctx();
    skin = await createCategory(c, { name: 'Skin Care' });
    makeup = await createCategory(c, { name: 'Make-up' });
    featured = [];
    // 13 active skin-care products (3 featured, 2 new), 4 make-up, 1 inactive.
    for (let i = 0; i < 13; i++) {
      const p = await createProduct(c, {
        name: `Skin item ${i}`,
        categoryId: skin.id,
        isFeatured: i < 3,
        isNew: i >= 3 && i < 5,
        createdAt: new Date(Date.UTC(2026, 0, 2, 0, 0, 60 - i)).toISOString(),
      });
      if (i < 5) featured.push(p);
    }
    for (let i = 0; i < 4; i++) {
      await createProduct(c, { name: `Lip item ${i}`, categoryId: makeup.id, price: 500 + i });
    }
    hidden = await createProduct(c, {
      name: 'Hidden featured thing',
      categoryId: skin.id,
      status: 'inactive',
      isFeatured: true,
      createdAt: '2026-02-01T00:00:00.000Z',
    });
  });

  describe('GET /products/featuredandnew', () => {
    it('pages featured or new active products, newest first, 10 by default', async () => {
      const res = await get('/api/v1/products/featuredandnew');
      expect(res.statusCode).toBe(200);
      const body = res.json<PagedBody>();
      expect(body).toMatchObject({ page: 1, limit: 10, total: 5, totalPages: 1 });
      expect(body.data.map((p) => p._id)).toEqual(featured.map((p) => p.id));
      for (const p of body.data) expect(productSchema.parse(p)).toEqual(p);
      const second = (await get('/api/v1/products/featuredandnew?page=2&limit=2')).json<PagedBody>();
      expect(second).toMatchObject({ page: 2, limit: 2, total: 5, totalPages: 3 });
      expect(second.data.map((p) => p._id)).toEqual(featured.slice(2, 4).map((p) => p.id));
    });

    it('rejects bad paging with 400', async () => {
      for (const q of ['page=0', 'limit=101', 'limit=abc', 'page=1.5']) {
        const res = await get(`/api/v1/products/featuredandnew?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error).toBeTruthy();
      }
    });
  });

  describe('GET /products/', () => {
    it('pages active products (10 by default) and hides inactive ones from visitors', async () => {
      const res = await get('/api/v1/products/');
      expect(res.statusCode).toBe(200);
      const body = res.json<PagedBody>();
      expect(body).toMatchObject({ page: 1, limit: 10, total: 17, totalPages: 2 });
      expect(body.data).toHaveLength(10);
      const page2 = (await get('/api/v1/products?page=2')).json<PagedBody>();
      expect(page2.data).toHaveLength(7);
      const ids = [...body.data, ...page2.data].map((p) => p._id);
      expect(new Set(ids).size).toBe(17);
      expect(ids).not.toContain(hidden.id);
    });

    it('filters by category id', async () => {
      const body = (await get(`/api/v1/products?category=${makeup.id}`)).json<PagedBody>();
      expect(body.total).toBe(4);
      expect(body.data.every((p) => p.category?._id === makeup.id && p.category.category === 'Make-up')).toBe(
        true,
      );
      const none = (await get('/api/v1/products?category=nope')).json<PagedBody>();
      expect(none).toMatchObject({ data: [], total: 0, totalPages: 0 });
    });

    it('lists inactive products only for admins who ask', async () => {
      expect((await get('/api/v1/products?includeInactive=true')).statusCode).toBe(401);
      const customer = await signedInUser(ctx());
      expect((await get('/api/v1/products?includeInactive=true', customer.cookie)).statusCode).toBe(403);
      const admin = await signedInUser(ctx(), { role: 'admin' });
      const body = (await get('/api/v1/products?includeInactive=true', admin.cookie)).json<PagedBody>();
      expect(body.total).toBe(18);
      expect(body.data[0]!._id).toBe(hidden.id);
      expect(body.data[0]!.status).toBe('inactive');
      // Without asking, an admin sees the shop as a visitor does.
      expect((await get('/api/v1/products', admin.cookie)).json<PagedBody>().total).toBe(17);
    });
  });

  describe('GET /products/{idOrSlug}', () => {
    it('answers by id and by slug, with the contract shape', async () => {
      const p = featured[0]!;
      const byId = await get(`/api/v1/products/${p.id}`);
      expect(byId.statusCode).toBe(200);
      const body = byId.json<Product>();
      expect(productSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({
        _id: p.id,
        slug: p.slug,
        name: 'Skin item 0',
        price: 1000,
        status: 'active',
        isFeatured: true,
        isProductNew: false,
        category: { _id: skin.id, category: 'Skin Care' },
        rating: 5,
        reviewCount: 0,
        images: [],
        tags: [],
      });
      const bySlug = await get(`/api/v1/products/${p.slug}`);
      expect(bySlug.json()).toEqual(body);
    });

    it('returns an inactive product to everyone (its page says it is unavailable)', async () => {
      const res = await get(`/api/v1/products/${hidden.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('inactive');
    });

    it('answers 404 for an unknown id or slug', async () => {
      const res = await get('/api/v1/products/no-such-product');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Product not found' });
    });

    it('shows the stored average rating once there are reviews', async () => {
      const p = await createProduct(ctx(), { name: 'Reviewed balm', rating: 4.3, reviewCount: 12 });
      expect((await get(`/api/v1/products/${p.id}`)).json()).toMatchObject({ rating: 4.3, reviewCount: 12 });
    });
  });

  describe('GET /products/categoryProducts/{categoryId}', () => {
    it('lists at most 8 other active products of the category', async () => {
      const exclude = featured[0]!.id;
      const res = await get(`/api/v1/products/categoryProducts/${skin.id}?exclude=${exclude}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json<{ data: Product[] }>();
      expect(data).toHaveLength(8);
      expect(data.map((p) => p._id)).not.toContain(exclude);
      expect(data.map((p) => p._id)).not.toContain(hidden.id);
      expect(data.every((p) => p.category?._id === skin.id && p.status === 'active')).toBe(true);
      const few = (await get(`/api/v1/products/categoryProducts/${makeup.id}`)).json<{ data: Product[] }>();
      expect(few.data).toHaveLength(4);
      expect((await get('/api/v1/products/categoryProducts/unknown')).json()).toEqual({ data: [] });
    });
  });

  describe('GET /category', () => {
    it('lists categories in the order they were added', async () => {
      for (const url of ['/api/v1/category', '/api/v1/category/']) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        const { data } = res.json<{ data: { _id: string; category: string; description: string }[] }>();
        expect(data.map((c) => c.category)).toEqual(['Skin Care', 'Make-up']);
        expect(data[0]).toEqual({ _id: skin.id, category: 'Skin Care', description: 'About Skin Care' });
      }
    });
  });
});
