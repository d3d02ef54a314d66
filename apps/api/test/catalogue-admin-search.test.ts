import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@urembo/contract/catalogue';
import { nowIso } from '../src/db/sql-values';
import { newId } from '../src/lib/ids';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { callApi, describeEachDialect } from './support/test-app';

/* The admin products table's search: GET /products?q= finds by name, brand or a variant's SKU, for admins only. */

interface PagedBody {
  data: Product[];
  total: number;
  page: number;
  totalPages: number;
}

describeEachDialect('GET /products?q= (the admin table’s search)', (ctx) => {
  let adminCookie = '';
  beforeAll(async () => {
    adminCookie = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    await createProduct(ctx(), { name: 'Shea Butter Body Lotion', brand: 'Nivea' });
    await createProduct(ctx(), { name: 'Black Soap', brand: 'Dudu-Osun' });
    await createProduct(ctx(), { name: 'Matte Lipstick', brand: 'Black Opal', status: 'inactive' });
    await createProduct(ctx(), { name: '100% Argan Oil', brand: null });
    await createProduct(ctx(), { name: 'Rose_Water Toner', brand: null });
    const foundation = await createProduct(ctx(), { name: 'Full Cover Foundation', brand: 'Fenty' });
    const now = nowIso();
    await ctx()
      .database.db.insertInto('product_variants')
      .values({
        id: newId(),
        product_id: foundation.id,
        sku: 'FCF-MOCHA-30',
        options: JSON.stringify({ Shade: 'Mocha' }),
        position: 0,
        price: 2500,
        compare_at_price: null,
        stock: null,
        image_hash: null,
        swatch: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

  const names = async (query: string) => {
    const res = await callApi(ctx(), 'GET', `/products?${query}`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PagedBody>();
    return { names: body.data.map((p) => p.name).sort(), total: body.total };
  };

  it('finds by name, brand and SKU in any case, inactive products too', async () => {
    expect(await names('includeInactive=true&q=BLACK')).toEqual({
      names: ['Black Soap', 'Matte Lipstick'],
      total: 2,
    });
    expect(await names('includeInactive=true&q=nivea')).toEqual({
      names: ['Shea Butter Body Lotion'],
      total: 1,
    });
    expect(await names('includeInactive=true&q=fcf-mocha')).toEqual({
      names: ['Full Cover Foundation'],
      total: 1,
    });
    // Without includeInactive the search keeps to active products.
    expect((await names('q=black')).names).toEqual(['Black Soap']);
  });

  it('takes % and _ as letters, and pages the matches', async () => {
    expect((await names('includeInactive=true&q=100%25')).names).toEqual(['100% Argan Oil']);
    expect((await names('includeInactive=true&q=e_w')).names).toEqual(['Rose_Water Toner']);
    expect((await names('includeInactive=true&q=zzz-nothing')).total).toBe(0);
    const page2 = await callApi(
      ctx(),
      'GET',
      '/products?includeInactive=true&q=o&limit=2&page=2',
      adminCookie,
    );
    const body = page2.json<PagedBody>();
    expect(body).toMatchObject({ page: 2, total: 6, totalPages: 3 });
    expect(body.data).toHaveLength(2);
  });

  it('treats a blank q as no search', async () => {
    expect((await names('includeInactive=true&q=%20%20')).total).toBe(6);
  });

  it('is compressed for a browser that takes it, as the shop pages of the same route are', async () => {
    const plain = await callApi(ctx(), 'GET', '/products?includeInactive=true&limit=50', adminCookie);
    const packed = await ctx().app.inject({
      url: '/api/v1/products?includeInactive=true&limit=50',
      headers: { cookie: adminCookie, 'accept-encoding': 'br, gzip' },
    });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(plain.json<PagedBody>().total).toBe(6);
  });

  describe('refusals', () => {
    it('is for admins only, and q is at most 60 characters', async () => {
      expect((await callApi(ctx(), 'GET', '/products?q=soap')).statusCode).toBe(401);
      const customer = await signedInUser(ctx());
      expect((await callApi(ctx(), 'GET', '/products?q=soap', customer.cookie)).statusCode).toBe(403);
      const long = await callApi(
        ctx(),
        'GET',
        `/products?includeInactive=true&q=${'a'.repeat(61)}`,
        adminCookie,
      );
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ error: expect.stringContaining('at most 60 characters') });
    });
  });
});
