import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct, setStock } from './support/catalogue-factories';
import { describeEachDialect } from './support/test-app';

/*
 * A visitor's second read of a kept answer is answered before Fastify routes it (lib/kept-answer-lane.ts): over a
 * real socket (inject() calls Fastify's handler, past the lane), the answer must be the route's, byte for byte and
 * header for header, and every write must still show on the very next read.
 */
// The built web app (with its server renderer), so storefront pages are rendered and kept.
const webDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Headers that differ on every answer by nature. */
const PER_REQUEST = new Set(['x-request-id', 'date']);

describeEachDialect(
  'kept answers answered before routing',
  (ctx) => {
    let base = '';
    const start = async () => {
      if (!base) {
        await ctx().app.listen({ port: 0, host: '127.0.0.1' });
        base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
      }
      return base;
    };
    const visit = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${await start()}${url}`, { headers });
      const bytes = Buffer.from(await res.arrayBuffer());
      return { status: res.status, headers: Object.fromEntries(res.headers), bytes };
    };
    const sameHeaders = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)));
    /** How often the routes asked the caches (the lane only peeks). */
    const routeReads = () => {
      const { answers, pages } = ctx().app.caches;
      return { answers: vi.spyOn(answers, 'get'), pages: vi.spyOn(pages, 'get') };
    };
    afterEach(() => vi.restoreAllMocks());

    it('answers a repeated read with the bytes and headers the route sent, without the route', async () => {
      const row = await createProduct(ctx(), { name: 'Lane Marula Oil', price: 1800 });
      const url = `/api/v1/products/${row.slug}`;
      const first = await visit(url, { 'accept-encoding': 'br' });
      const reads = routeReads();
      const second = await visit(url, { 'accept-encoding': 'br' });
      expect(reads.answers).not.toHaveBeenCalled();
      expect(second.status).toBe(200);
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(JSON.parse(second.bytes.toString())).toMatchObject({ price: 1800 });
      expect(sameHeaders(second.headers)).toEqual(sameHeaders(first.headers));
      expect(second.headers['content-security-policy']).toContain("default-src 'self'");
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

      // The client's own request id, and its entity tag (304, no body).
      const mine = await visit(url, { 'x-request-id': 'trace-1234' });
      expect(mine.headers['x-request-id']).toBe('trace-1234');
      expect(JSON.parse(mine.bytes.toString())).toMatchObject({ price: 1800 });
      const again = await visit(url, { 'if-none-match': second.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.etag).toBe(second.headers.etag);
      expect(reads.answers).not.toHaveBeenCalled();
    });

    it('sends every kept route with the headers and bytes the route sent it with', async () => {
      const category = await createCategory(ctx(), { name: 'Lane Oils' });
      const row = await createProduct(ctx(), {
        name: 'Lane Moringa Oil',
        price: 1200,
        categoryId: category.id,
        isFeatured: true,
      });
      // Each kept route once (the API's and the storefront's), in the encodings browsers ask for.
      const urls = [
        '/api/v1/products/featuredandnew?page=1&limit=10',
        '/api/v1/products/search?search=moringa',
        `/api/v1/products/categoryProducts/${category.id}`,
        '/api/v1/products?page=1',
        `/api/v1/products/${row.slug}`,
        '/api/v1/category',
        '/api/v1/brands',
        '/',
        '/shop',
        `/product/${row.slug}`,
        '/search?search=moringa',
      ];
      for (const url of urls) {
        for (const encoding of ['br, gzip', 'gzip', 'identity']) {
          const headers = { 'accept-encoding': encoding };
          const first = await visit(url, headers);
          expect(first.status, url).toBe(200);
          const reads = routeReads();
          const second = await visit(url, headers);
          expect(reads.answers, url).not.toHaveBeenCalled();
          expect(reads.pages, url).not.toHaveBeenCalled();
          vi.restoreAllMocks();
          expect(second.status, url).toBe(200);
          expect(sameHeaders(second.headers), `${url} (${encoding})`).toEqual(sameHeaders(first.headers));
          expect(second.bytes.equals(first.bytes), `${url} (${encoding})`).toBe(true);
        }
      }
    });

    it('shows a price change and a stock move on the next read', async () => {
      const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
      const row = await createProduct(ctx(), { name: 'Lane Shea Balm', price: 350 });
      await setStock(ctx(), row.id, 5);
      await ctx().app.caches.changed({ kind: 'products', productIds: [row.id], lists: true });
      const url = `/api/v1/products/${row.slug}`;
      const json = async () => JSON.parse((await visit(url)).bytes.toString()) as Record<string, unknown>;
      await json();
      expect(await json()).toMatchObject({ price: 350, stock: 5 });

      const put = await ctx().app.inject({
        method: 'PUT',
        url: `/api/v1/products/${row.id}`,
        headers: { cookie: admin },
        payload: { price: 420 },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await json()).toMatchObject({ price: 420, stock: 5 });
      expect(await json()).toMatchObject({ price: 420, stock: 5 });

      const take = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/products/${row.id}/stock`,
        headers: { cookie: admin },
        payload: { change: -5 },
      });
      expect(take.statusCode, take.body).toBe(200);
      expect(await json()).toMatchObject({ price: 420, stock: 0, inStock: false });
    });

    it('leaves requests with a cookie, other methods and unkept answers to the routes', async () => {
      const row = await createProduct(ctx(), { name: 'Lane Aloe Toner', price: 900 });
      const url = `/api/v1/products/${row.slug}`;
      await visit(url);
      await visit(url);
      const reads = routeReads();
      await visit(url, { cookie: 'lang=sw' });
      expect(reads.answers).toHaveBeenCalledTimes(1);
      const head = await fetch(`${await start()}${url}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(reads.answers).toHaveBeenCalledTimes(2);
      const missing = await visit('/api/v1/products/no-such-product-here');
      expect(missing.status).toBe(404);
      expect((await visit('/api/v1/products/no-such-product-here')).status).toBe(404);
    });

    it('hands a read it could not send to the route, and the server goes on', async () => {
      const row = await createProduct(ctx(), { name: 'Lane Neem Soap', price: 250 });
      const url = `/api/v1/products/${row.slug}`;
      await visit(url);
      const broken = {
        etag: '"broken"',
        status: 200,
        encodingFor: () => {
          throw new Error('a kept answer that cannot be sent');
        },
      };
      const peek = vi.spyOn(ctx().app.caches.answers, 'peek').mockResolvedValueOnce(broken as never);
      const reads = routeReads();
      const answer = await visit(url);
      expect(peek).toHaveBeenCalledTimes(1);
      expect(reads.answers).toHaveBeenCalledTimes(1);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.bytes.toString())).toMatchObject({ price: 250 });
      expect((await visit(url)).status).toBe(200);
    });

    it("answers a visitor's storefront page, but not one that sets the language cookie", async () => {
      const row = await createProduct(ctx(), { name: 'Lane Baobab Butter', price: 950 });
      const url = `/product/${row.slug}`;
      const first = await visit(url);
      expect(first.status).toBe(200);
      const reads = routeReads();
      const second = await visit(url);
      expect(reads.pages).not.toHaveBeenCalled();
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(sameHeaders(second.headers)).toEqual(sameHeaders(first.headers));
      expect(second.bytes.toString()).toContain('Lane Baobab Butter');

      // A phone set to Kiswahili gets the Kiswahili page, from the lane too once it was sent.
      const swahili = { 'accept-language': 'sw-KE,sw;q=0.9' };
      const sw = await visit(url, swahili);
      expect(sw.bytes.toString()).toContain('lang="sw"');
      expect((await visit(url, swahili)).bytes.equals(sw.bytes)).toBe(true);
      expect(reads.pages).toHaveBeenCalledTimes(1);

      // ?lang= sets the cookie: every such visit goes to the route.
      const asked = await visit(`${url}?lang=sw`);
      expect(asked.headers['set-cookie']).toMatch(/^lang=sw/);
      expect((await visit(`${url}?lang=sw`)).headers['set-cookie']).toMatch(/^lang=sw/);
      expect(reads.pages).toHaveBeenCalledTimes(3);
    });
  },
  { env: { WEB_DIST: webDist } },
);
