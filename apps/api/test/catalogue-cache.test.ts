import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { signedInUser } from './support/auth';
import { createProduct, setStock } from './support/catalogue-factories';
import { createPlace, createTestOrder, orderBody } from './support/orders-factories';
import { describeEachDialect } from './support/test-app';

/*
 * The catalogue cache belongs to the app and the services that write clear it, so a price change or a
 * new review's rating shows on the very next read of the product JSON, the lists, search and the server-rendered
 * product page (the cache is warm before each write).
 */
// The built web app's index.html, so /product/{slug} answers with its server-rendered head.
const webDist = mkdtempSync(path.join(tmpdir(), 'urembo-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><!--app-head--><title>Urembo</title><!--/app-head--></head><body></body></html>',
);

describeEachDialect(
  'catalogue cache: writes are visible to the next read',
  (ctx) => {
    const get = (url: string) => ctx().app.inject({ url });
    const product = async (slug: string) => (await get(`/api/v1/products/${slug}`)).json();

    async function warm(slug: string, name: string) {
      await product(slug);
      await get('/api/v1/products/?page=1&limit=100');
      await get(`/api/v1/products/search?search=${encodeURIComponent(name.split(' ')[0]!)}`);
      await get(`/product/${slug}`);
    }

    it('shows an admin price change at once in the product, the list, search and the product page', async () => {
      const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
      const row = await createProduct(ctx(), { name: 'Marula Glow Oil', price: 1800 });
      await warm(row.slug, row.name);
      expect((await product(row.slug)).price).toBe(1800);
      expect((await get(`/product/${row.slug}`)).body).toContain('"price":"1800"');

      const put = await ctx().app.inject({
        method: 'PUT',
        url: `/api/v1/products/${row.id}`,
        headers: { cookie: admin },
        payload: { price: 2100 },
      });
      expect(put.statusCode, put.body).toBe(200);

      expect((await product(row.slug)).price).toBe(2100);
      const list = (await get('/api/v1/products/?page=1&limit=100')).json().data as {
        _id: string;
        price: number;
      }[];
      expect(list.find((p) => p._id === row.id)?.price).toBe(2100);
      const found = (await get('/api/v1/products/search?search=Marula')).json().data as { price: number }[];
      expect(found.map((p) => p.price)).toContain(2100);
      const page = await get(`/product/${row.slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('"price":"2100"');
    });

    it("shows a new review's rating and count at once", async () => {
      const row = await createProduct(ctx(), { name: 'Baobab Butter Cream', price: 950 });
      await warm(row.slug, row.name);
      expect((await product(row.slug)).reviewCount).toBe(0);
      const buyer = await signedInUser(ctx());
      await createTestOrder(ctx(), buyer.user.id, {
        products: [{ id: row.id, name: row.name, price: 950 }],
        paymentStatus: 'paid',
      });
      const review = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/review/',
        headers: { cookie: buyer.cookie },
        payload: { productId: row.id, rating: 3, comment: 'Good but heavy.' },
      });
      expect(review.statusCode, review.body).toBe(201);
      const after = await product(row.slug);
      expect(after.reviewCount).toBe(1);
      expect(after.rating).toBe(3);
    });

    it('shows a product going out of stock at once, and patches the stock into the lists that show it', async () => {
      const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
      const row = await createProduct(ctx(), { name: 'Shea Lip Balm', price: 350 });
      const other = await createProduct(ctx(), { name: 'Aloe Toner', price: 900 });
      await setStock(ctx(), row.id, 2);
      await setStock(ctx(), other.id, 40);
      // Written straight to the database, past the services: the test tells the caches, as a service would.
      await ctx().app.caches.changed({ kind: 'products', productIds: [row.id, other.id], lists: true });
      await warm(row.slug, row.name);
      const otherEtag = String((await get(`/api/v1/products/${other.slug}`)).headers.etag);
      expect((await get(`/product/${row.slug}`)).body).toContain('https://schema.org/InStock');
      const take = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/products/${row.id}/stock`,
        headers: { cookie: admin },
        payload: { change: -2 },
      });
      expect(take.statusCode, take.body).toBe(200);
      expect(await product(row.slug)).toMatchObject({ stock: 0, inStock: false });
      const list = (await get('/api/v1/products/?page=1&limit=100')).json().data as {
        _id: string;
        stock: number;
        inStock: boolean;
      }[];
      expect(list.find((p) => p._id === row.id)).toMatchObject({ stock: 0, inStock: false });
      expect(list.find((p) => p._id === other.id)).toMatchObject({ stock: 40, inStock: true });
      const found = (await get('/api/v1/products/search?search=Shea')).json().data as { inStock: boolean }[];
      expect(found.map((p) => p.inStock)).toEqual([false]);
      expect((await get(`/product/${row.slug}`)).body).toContain('https://schema.org/OutOfStock');
      // A product the move did not touch keeps its answer (the same bytes, the same tag).
      expect(String((await get(`/api/v1/products/${other.slug}`)).headers.etag)).toBe(otherEtag);
    });

    it('shows an order taking the last units at once, with the figures the order took them with', async () => {
      const row = await createProduct(ctx(), { name: 'Kokum Body Butter', price: 1200 });
      const other = await createProduct(ctx(), { name: 'Neem Face Wash', price: 700 });
      await setStock(ctx(), row.id, 3);
      await setStock(ctx(), other.id, 10);
      await ctx().app.caches.changed({ kind: 'products', productIds: [row.id, other.id], lists: true });
      await warm(row.slug, row.name);
      const { user, cookie } = await signedInUser(ctx());
      const place = await createPlace(ctx());
      const readBack = vi.spyOn(ctx().app.services.catalogue, 'stockOf');
      try {
        const order = await ctx().app.inject({
          method: 'POST',
          url: `/api/v1/order/${user.id}`,
          headers: { cookie },
          payload: orderBody(place, [
            { _id: row.id, count: 3 },
            { _id: other.id, count: 4 },
          ]),
        });
        expect(order.statusCode, order.body).toBe(201);
        expect(await product(row.slug)).toMatchObject({ stock: 0, inStock: false });
        const list = (await get('/api/v1/products/?page=1&limit=100')).json().data as {
          _id: string;
          stock: number;
        }[];
        expect(list.find((p) => p._id === other.id)?.stock).toBe(6);
        expect((await get(`/product/${row.slug}`)).body).toContain('https://schema.org/OutOfStock');
        // The stock statements answered the units left: the change carried them, nothing was read back (until the
        // check a little later, off the read path).
        expect(readBack).not.toHaveBeenCalled();
      } finally {
        readBack.mockRestore();
      }
    });

    it('refreshes an answer past its TTL in the background into the same bytes, even after a 304', async () => {
      const row = await createProduct(ctx(), { name: 'Baobab Seed Oil', price: 1500 });
      const url = `/api/v1/products/${row.slug}`;
      const first = await get(url);
      const etag = String(first.headers.etag);
      // Kept bytes live 5 minutes (each within ±20%): this is past any of them.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 361_000 });
      try {
        // Past the TTL: the browser that has it gets 304 from the kept answer while the next one is computed,
        // after this reply has gone (with the route's 200 serializer, not the 304's).
        const again = await ctx().app.inject({ url, headers: { 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const refreshed = await get(url);
        expect(refreshed.body).toBe(first.body);
        expect(refreshed.headers.etag).toBe(etag);
      } finally {
        vi.useRealTimers();
      }
    });
  },
  { env: { WEB_DIST: webDist } },
);
