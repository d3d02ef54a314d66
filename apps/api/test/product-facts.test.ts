import { productSchema } from '@urembo/contract/catalogue';
import { adminSummarySchema } from '@urembo/contract/dashboard';
import { nairobiMonth } from '@urembo/contract/product-facts';
import { beforeAll, expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { addCartLine, createPlace, orderBody } from './support/orders-factories';
import { callApi, describeEachDialect } from './support/test-app';

/** The month `n` months from this Nairobi month ("YYYY-MM"); negative for past months. */
function monthFromNow(n: number): string {
  const [year, month] = nairobiMonth().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + n, 1)).toISOString().slice(0, 7);
}

describeEachDialect('product facts: brand, best before, registration, ingredients', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  it('admins set them on create and update; absent keeps them, null or "" clears them', async () => {
    const created = await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Baobab Glow Oil',
      price: 1500,
      brand: '  Savanna   Glow ',
      expiresOn: '2027-03',
      registration: ' KEBS SM#18342 ',
      ingredients: 'Adansonia Digitata Seed Oil, Tocopherol, Parfum',
    });
    expect(created.statusCode).toBe(201);
    const product = productSchema.parse(created.json());
    expect(product).toMatchObject({
      brand: 'Savanna Glow',
      expiresOn: '2027-03',
      registration: 'KEBS SM#18342',
      ingredients: 'Adansonia Digitata Seed Oil, Tocopherol, Parfum',
    });
    const read = productSchema.parse((await callApi(ctx(), 'GET', `/products/${product.slug}`)).json());
    expect(read).toMatchObject({ brand: 'Savanna Glow', expiresOn: '2027-03' });

    const renamed = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, { name: 'Baobab Oil' });
    expect(renamed.json()).toMatchObject({ brand: 'Savanna Glow', registration: 'KEBS SM#18342' });
    const cleared = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, {
      brand: '',
      expiresOn: null,
      registration: null,
      ingredients: '   ',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      brand: null,
      expiresOn: null,
      registration: null,
      ingredients: null,
    });

    // A product made without them has none.
    const plain = await callApi(ctx(), 'POST', '/products', admin, { name: 'Plain Soap', price: 200 });
    expect(plain.json()).toMatchObject({
      brand: null,
      expiresOn: null,
      registration: null,
      ingredients: null,
    });
  });

  it('expiresOn must be a month written YYYY-MM (400 otherwise, nothing saved)', async () => {
    const product = await createProduct(ctx(), { expiresOn: '2027-01' });
    for (const expiresOn of ['2027-3', '03/2027', '2027-13', '2027-00', '2027-03-01', 'soon', 202703, true]) {
      const res = await callApi(ctx(), 'PUT', `/products/${product.id}`, admin, { expiresOn });
      expect(res.statusCode, String(expiresOn)).toBe(400);
      expect(res.json().error).toBe('expiresOn must be a month written YYYY-MM, e.g. 2027-03');
      const create = await callApi(ctx(), 'POST', '/products', admin, { name: 'X', price: 100, expiresOn });
      expect(create.statusCode, String(expiresOn)).toBe(400);
    }
    const read = await callApi(ctx(), 'GET', `/products/${product.id}`);
    expect(read.json().expiresOn).toBe('2027-01');
    const long = await callApi(ctx(), 'PUT', `/products/${product.id}`, admin, { brand: 'B'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('Brand must be at most 60 characters');
  });

  it('one spelling per brand; the shop filters by brand in any case; /brands lists active ones', async () => {
    const first = await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Kahawa Scrub',
      price: 900,
      brand: 'Mlima Naturals',
    });
    const second = await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Kahawa Lip Balm',
      price: 300,
      brand: 'MLIMA NATURALS',
    });
    expect(second.json().brand).toBe('Mlima Naturals');
    await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Hidden Kahawa Oil',
      price: 300,
      brand: 'mlima naturals',
      status: 'inactive',
    });
    await callApi(ctx(), 'POST', '/products', admin, { name: 'Other', price: 300, brand: 'Zuri' });

    const list = await callApi(ctx(), 'GET', '/products?brand=mlima%20naturals');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual([
      'Kahawa Lip Balm',
      'Kahawa Scrub',
    ]);
    expect(list.json().total).toBe(2);
    const none = await callApi(ctx(), 'GET', '/products?brand=Nobody');
    expect(none.json()).toMatchObject({ data: [], total: 0 });

    const brands = (await callApi(ctx(), 'GET', '/brands')).json().data as { brand: string; count: number }[];
    expect(brands.find((b) => b.brand === 'Mlima Naturals')).toEqual({ brand: 'Mlima Naturals', count: 2 });
    expect(brands.find((b) => b.brand === 'Zuri')).toEqual({ brand: 'Zuri', count: 1 });
    const names = brands.map((b) => b.brand);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    // A later write shows at once (the answer cache is cleared by catalogue writes).
    await callApi(ctx(), 'PUT', `/products/${first.json()._id}`, admin, { brand: 'Zuri' });
    const after = (await callApi(ctx(), 'GET', '/brands')).json().data as { brand: string; count: number }[];
    expect(after.find((b) => b.brand === 'Zuri')?.count).toBe(2);
  });

  it('a word search finds products by brand', async () => {
    const made = await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Night Repair Cream',
      price: 2100,
      brand: 'Kilifi Botanica',
    });
    const found = await callApi(ctx(), 'GET', '/products/search?search=kilifi');
    expect(found.json().data.map((p: { _id: string }) => p._id)).toEqual([made.json()._id]);
    await callApi(ctx(), 'PUT', `/products/${made.json()._id}`, admin, { brand: 'Ngong Botanica' });
    expect((await callApi(ctx(), 'GET', '/products/search?search=kilifi')).json().total).toBe(0);
    expect((await callApi(ctx(), 'GET', '/products/search?search=ngong%20botanica')).json().total).toBe(1);
  });
});

describeEachDialect('product safety: banned ingredients and expired stock', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  it('a product whose ingredients name hydroquinone or mercury in any form cannot be active', async () => {
    const cases: [string, RegExp][] = [
      ['Aqua, Glycerin, Hydroquinone 2%, Parfum', /"Hydroquinone".*hydroquinone is banned/i],
      ['Aqua, MERCURY, Parfum', /"MERCURY".*mercury in any form is banned/i],
      ['Aqua, Mercuric Chloride', /"Mercuric" \(mercury\)/],
      ['Aqua, mercurous chloride', /"mercurous" \(mercury\)/],
      ['Talc, Calomel', /"Calomel" \(mercury\)/],
    ];
    for (const [ingredients, message] of cases) {
      const res = await callApi(ctx(), 'POST', '/products', admin, {
        name: 'Fair Skin Cream',
        price: 500,
        ingredients,
      });
      expect(res.statusCode, ingredients).toBe(400);
      expect(res.json().error, ingredients).toMatch(message);
      expect(res.json().error).toMatch(/cannot be active/);
      expect(res.json().details).toEqual([{ path: 'ingredients', message: res.json().error }]);
    }
    expect(
      await ctx()
        .database.db.selectFrom('products')
        .select('id')
        .where('name', '=', 'Fair Skin Cream')
        .execute(),
    ).toEqual([]);

    // A plant named Mercurialis is not mercury.
    const plant = await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Herbal Toner',
      price: 500,
      ingredients: 'Aqua, Mercurialis Annua Extract',
    });
    expect(plant.statusCode).toBe(201);

    // Kept inactive, it may be recorded (off sale); it can never be made active.
    const held = await callApi(ctx(), 'POST', '/products', admin, {
      name: 'Seized Cream',
      price: 500,
      status: 'inactive',
      ingredients: 'Hydroquinone',
    });
    expect(held.statusCode).toBe(201);
    const activate = await callApi(ctx(), 'PUT', `/products/${held.json()._id}`, admin, { status: 'active' });
    expect(activate.statusCode).toBe(400);
    expect(activate.json().error).toMatch(/hydroquinone/i);
    expect((await callApi(ctx(), 'GET', `/products/${held.json()._id}`)).json().status).toBe('inactive');

    // Naming a banned substance on an active product is refused, and nothing of the change is saved.
    const active = await createProduct(ctx(), { name: 'Even Tone Cream', ingredients: 'Aqua, Niacinamide' });
    const change = await callApi(ctx(), 'PUT', `/products/${active.id}`, admin, {
      name: 'Even Tone Cream Plus',
      ingredients: 'Aqua, Niacinamide, Mercury',
    });
    expect(change.statusCode).toBe(400);
    expect((await callApi(ctx(), 'GET', `/products/${active.id}`)).json()).toMatchObject({
      name: 'Even Tone Cream',
      ingredients: 'Aqua, Niacinamide',
    });
    // Made inactive in the same change, it is accepted.
    const off = await callApi(ctx(), 'PUT', `/products/${active.id}`, admin, {
      status: 'inactive',
      ingredients: 'Aqua, Mercury',
    });
    expect(off.statusCode).toBe(200);
  });

  it('a product past its best-before month cannot be added to a cart, quoted or ordered', async () => {
    const place = await createPlace(ctx());
    const { user, cookie } = await signedInUser(ctx());
    const expired = await createProduct(ctx(), { name: 'Old Serum', expiresOn: monthFromNow(-1) });
    const thisMonth = await createProduct(ctx(), { name: 'Fresh Enough Serum', expiresOn: monthFromNow(0) });
    const add = await callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, { productId: expired.id });
    expect(add.statusCode).toBe(400);
    const [year, month] = monthFromNow(-1).split('-');
    expect(add.json().error).toBe(`Old Serum has expired (best before ${month}/${year}) and cannot be sold`);
    const ok = await callApi(ctx(), 'POST', `/user/addToCart/${user.id}`, cookie, {
      productId: thisMonth.id,
    });
    expect(ok.statusCode).toBe(200);

    const items = [
      { _id: thisMonth.id, count: 1 },
      { _id: expired.id, count: 1 },
    ];
    const quote = await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, { items });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error).toMatch(/Old Serum has expired.*please remove it from your order/);
    const order = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, orderBody(place, items));
    expect(order.statusCode).toBe(400);
    expect(order.json().error).toMatch(/Old Serum has expired/);
    expect(
      await ctx().database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);

    // A line that expired while in the cart stays (so the customer sees it) but is left out of the subtotal.
    await addCartLine(ctx(), user.id, expired.id, 2);
    const cart = await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie);
    expect(cart.json().data).toHaveLength(2);
    expect(cart.json().subtotal).toBe(1000);
  });

  it('the dashboard lists products whose best-before month ends within 60 days, or has passed', async () => {
    const gone = await createProduct(ctx(), { name: 'Expired Toner', expiresOn: '2020-01' });
    const soon = await createProduct(ctx(), { name: 'Soon Toner', expiresOn: monthFromNow(0) });
    const later = await createProduct(ctx(), { name: 'Later Toner', expiresOn: monthFromNow(3) });
    const res = await callApi(ctx(), 'GET', '/admin/summary', admin);
    expect(res.statusCode).toBe(200);
    const summary = adminSummarySchema.parse(res.json());
    const ids = summary.expiringSoon.map((p) => p._id);
    expect(ids).toContain(gone.id);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(later.id);
    expect(ids.indexOf(gone.id)).toBeLessThan(ids.indexOf(soon.id));
  });
});
