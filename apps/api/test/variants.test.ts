import { productSchema, type Product } from '@urembo/contract/catalogue';
import { cartSchema, orderSchema, type Cart } from '@urembo/contract/orders';
import { beforeAll, expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { productHead } from '../src/modules/catalogue/seo';
import { imageDataUrl } from './support/catalogue-factories';
import { createPlace, orderBody, type TestPlace } from './support/orders-factories';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

let counter = 0;
/** A SKU prefix of its own per call, so products made by different tests never share one. */
function prefix(): string {
  counter += 1;
  return `T${counter}-${Date.now().toString(36)}`;
}

function lipstickBody(p: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `Matte Lipstick ${p}`,
    description: 'Creamy matte colour that lasts.',
    options: [{ name: 'Shade', values: ['Mocha', 'Rose', 'Berry'] }],
    variants: [
      { sku: `${p}-MOCHA`, options: { Shade: 'Mocha' }, price: 1200, stock: 3, swatch: '#8b5a4a' },
      {
        sku: `${p}-ROSE`,
        options: { Shade: 'Rose' },
        price: 1100,
        compareAtPrice: 1400,
        stock: 0,
        swatch: '#C97B84',
      },
      { sku: `${p}-BERRY`, options: { Shade: 'Berry' }, price: 1300, swatch: '#7A1F3D' },
    ],
    ...overrides,
  };
}

async function createLipstick(ctx: TestContext, admin: string, overrides: Record<string, unknown> = {}) {
  const p = prefix();
  const res = await callApi(ctx, 'POST', '/products', admin, lipstickBody(p, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return { p, product: productSchema.parse(res.json()) };
}

function variantOf(product: Product, value: string) {
  const v = product.variants.find((x) => Object.values(x.options).includes(value));
  if (!v) throw new Error(`no variant ${value}`);
  return v;
}

async function variantStock(ctx: TestContext, variantId: string): Promise<number | null> {
  const row = await ctx.database.db
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.stock === null ? null : Number(row.stock);
}

describeEachDialect('variants: products with options', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  it('creates a product in shades: lowest price, price range, stock and swatches per variant', async () => {
    const picture = await imageDataUrl('png');
    const { p, product } = await createLipstick(ctx(), admin, {
      images: [picture, await imageDataUrl('png')],
    });
    expect(product).toMatchObject({
      price: 1100,
      priceRange: { min: 1100, max: 1300 },
      options: [{ name: 'Shade', values: ['Mocha', 'Rose', 'Berry'] }],
      compareAtPrice: null,
      stock: 3,
      inStock: true,
    });
    expect(product.variants.map((v) => [v.sku, v.price, v.stock, v.inStock, v.swatch])).toEqual([
      [`${p}-MOCHA`, 1200, 3, true, '#8B5A4A'],
      [`${p}-ROSE`, 1100, 0, false, '#C97B84'],
      [`${p}-BERRY`, 1300, null, true, '#7A1F3D'],
    ]);
    expect(variantOf(product, 'Rose').compareAtPrice).toBe(1400);

    // A picture per variant: by its index among the product's pictures, or by its URL.
    const res = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, {
      variants: [
        { sku: `${p}-MOCHA`, options: { Shade: 'Mocha' }, price: 1200, stock: 3, image: 1 },
        { sku: `${p}-ROSE`, options: { shade: 'rose' }, price: 1100, image: product.images[0] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = productSchema.parse(res.json());
    // The same SKU keeps its _id; Berry went.
    expect(updated.variants.map((v) => v._id)).toEqual([
      variantOf(product, 'Mocha')._id,
      variantOf(product, 'Rose')._id,
    ]);
    expect(updated.variants.map((v) => v.image)).toEqual([product.images[1], product.images[0]]);
    expect(variantOf(updated, 'Rose').options).toEqual({ Shade: 'Rose' });
    expect(updated).toMatchObject({ stock: 3, inStock: true, priceRange: { min: 1100, max: 1200 } });

    // A picture taken off the product is taken off its variant.
    await callApi(ctx(), 'POST', '/products/deleteProductImage', admin, {
      url: product.images[1],
      productId: product._id,
    });
    const read = productSchema.parse((await callApi(ctx(), 'GET', `/products/${product.slug}`)).json());
    expect(variantOf(read, 'Mocha').image).toBeNull();

    // Removing the options makes it a plain product again, with a price of its own.
    const plain = await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, {
      options: [],
      price: 999,
      stock: 4,
    });
    expect(plain.json()).toMatchObject({ options: [], variants: [], price: 999, stock: 4 });
  });

  it('a product that had its own stock gains variants (its stock goes to them) and JSON-LD offers each', async () => {
    const p = prefix();
    const created = await callApi(ctx(), 'POST', '/products', admin, {
      name: `Toner ${p}`,
      price: 700,
      stock: 5,
    });
    const id = created.json()._id as string;
    const res = await callApi(ctx(), 'PUT', `/products/${id}`, admin, {
      price: 700,
      options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
      variants: [
        { sku: `${p}-100`, options: { Size: '100 ml' }, price: 700, stock: 2 },
        { sku: `${p}-200`, options: { Size: '200 ml' }, price: 1200, stock: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = productSchema.parse(res.json());
    expect(product).toMatchObject({ stock: 3, priceRange: { min: 700, max: 1200 } });
    const head = productHead(product, 'https://shop.example');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!) as {
      offers: { sku: string; price: string; url: string }[];
    };
    expect(jsonLd.offers.map((o) => [o.sku, o.price, o.url])).toEqual([
      [`${p}-100`, '700', `https://shop.example/product/${product.slug}?variant=${p}-100`],
      [`${p}-200`, '1200', `https://shop.example/product/${product.slug}?variant=${p}-200`],
    ]);
  });

  it('two options, each combination once', async () => {
    const p = prefix();
    const res = await callApi(ctx(), 'POST', '/products', admin, {
      name: `Day Cream ${p}`,
      options: [
        { name: 'Size', values: ['30 ml', '50 ml'] },
        { name: 'Scent', values: ['Plain', 'Rose'] },
      ],
      variants: [
        { sku: `${p}-30P`, options: { Size: '30 ml', Scent: 'Plain' }, price: 900 },
        { sku: `${p}-50P`, options: { Size: '50 ml', Scent: 'Plain' }, price: 1400 },
        { sku: `${p}-50R`, options: { Size: '50 ml', Scent: 'Rose' }, price: 1500 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price: 900, priceRange: { min: 900, max: 1500 } });
  });

  it('refuses bad options and variants with a 400 or 409 naming the field and the rule', async () => {
    const { p: used } = await createLipstick(ctx(), admin);
    const p = prefix();
    const base = lipstickBody(p);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [
        {
          variants: [
            { sku: `${p}-A`, options: { Shade: 'Mocha' }, price: 100 },
            { sku: `${p}-B`, options: { Shade: 'mocha' }, price: 100 },
          ],
        },
        400,
        /Shade: Mocha is listed twice/,
      ],
      [
        { variants: [{ sku: `${p}-A`, options: { Shade: 'Gold' }, price: 100 }] },
        400,
        /"Gold" is not one of/,
      ],
      [{ variants: [{ sku: `${p}-A`, options: {}, price: 100 }] }, 400, /Choose a Shade/],
      [
        { variants: [{ sku: `${p}-A`, options: { Shade: 'Mocha', Size: 'Big' }, price: 100 }] },
        400,
        /"Size" is not one of the product's options/,
      ],
      [
        {
          variants: [
            { sku: `${p}-A`, options: { Shade: 'Mocha' }, price: 100 },
            { sku: `${p}-a`, options: { Shade: 'Rose' }, price: 100 },
          ],
        },
        400,
        /sku .* is used twice/,
      ],
      [
        { variants: [{ sku: `${used}-MOCHA`, options: { Shade: 'Mocha' }, price: 100 }] },
        409,
        /already used/,
      ],
      [
        { variants: [{ sku: 'has space', options: { Shade: 'Mocha' }, price: 100 }] },
        400,
        /sku must be 1 to 40/,
      ],
      [{ variants: [{ sku: `${p}-A`, options: { Shade: 'Mocha' }, price: 0 }] }, 400, /at least Ksh 1/],
      [
        { variants: [{ sku: `${p}-A`, options: { Shade: 'Mocha' }, price: 500, compareAtPrice: 500 }] },
        400,
        /earlier price .* must be above its price/,
      ],
      [
        { variants: [{ sku: `${p}-A`, options: { Shade: 'Mocha' }, price: 5, swatch: 'red' }] },
        400,
        /swatch/,
      ],
      [{ variants: [{ sku: `${p}-A`, options: { Shade: 'Mocha' }, price: 5, image: 2 }] }, 400, /picture/],
      [{ variants: [], price: 100 }, 400, /needs at least one variant/],
      [
        {
          options: [
            { name: 'A', values: ['1'] },
            { name: 'B', values: ['1'] },
            { name: 'C', values: ['1'] },
            { name: 'D', values: ['1'] },
          ],
        },
        400,
        /at most 3 options/,
      ],
      [{ options: [{ name: 'Shade', values: ['Mocha', 'mocha'] }] }, 400, /listed twice in Shade/],
      [
        {
          options: [
            { name: 'Shade', values: ['Mocha'] },
            { name: 'shade', values: ['Rose'] },
          ],
        },
        400,
        /option "shade" is listed twice/,
      ],
      [{ options: [], variants: [], price: undefined }, 400, /Price is required/],
      [{ options: [], variants: [], price: 500, compareAtPrice: 400 }, 400, /earlier price must be above/],
      [{ stock: 5 }, 400, /stock per variant/],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await callApi(ctx(), 'POST', '/products', admin, { ...base, ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().error, JSON.stringify(overrides)).toMatch(message);
    }
    // A product without options works as before, with an earlier price.
    const plain = await callApi(ctx(), 'POST', '/products', admin, {
      name: `Plain ${p}`,
      price: 800,
      compareAtPrice: 1000,
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({
      price: 800,
      compareAtPrice: 1000,
      options: [],
      variants: [],
      priceRange: { min: 800, max: 800 },
    });
    // The quick restock is per variant for a product with variants.
    const { product } = await createLipstick(ctx(), admin);
    const adjust = await callApi(ctx(), 'POST', `/products/${product._id}/stock`, admin, { change: 2 });
    expect(adjust.statusCode).toBe(409);
    expect(adjust.json().error).toMatch(/stock of each variant/);
  });

  it('search finds a product by a shade and by a SKU', async () => {
    const { product } = await createLipstick(ctx(), admin, {
      options: [{ name: 'Shade', values: ['Caramelgloss', 'Rose'] }],
      variants: [
        { sku: `${prefix()}-CG`, options: { Shade: 'Caramelgloss' }, price: 1000 },
        { sku: `${prefix()}-RS`, options: { Shade: 'Rose' }, price: 1000 },
      ],
    });
    const byShade = await callApi(ctx(), 'GET', '/products/search?search=caramelgloss');
    expect(byShade.json().data.map((x: Product) => x._id)).toContain(product._id);
    const sku = product.variants[1]!.sku;
    const bySku = await callApi(ctx(), 'GET', `/products/search?search=${encodeURIComponent(sku)}`);
    expect(bySku.json().data.map((x: Product) => x._id)).toEqual([product._id]);
  });
});

describeEachDialect('variants: carts and orders', (ctx) => {
  let admin: string;
  let place: TestPlace;
  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    place = await createPlace(ctx());
  });

  it('the cart needs a variant, keeps a line per variant at its price, and checks its stock', async () => {
    const { product } = await createLipstick(ctx(), admin);
    const { user, cookie } = await signedInUser(ctx());
    const url = `/user/addToCart/${user.id}`;
    const none = await callApi(ctx(), 'POST', url, cookie, { productId: product._id });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/Choose a Shade/);
    const wrong = await callApi(ctx(), 'POST', url, cookie, { productId: product._id, variantId: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/not one of the variants/);

    const mocha = variantOf(product, 'Mocha');
    const berry = variantOf(product, 'Berry');
    await callApi(ctx(), 'POST', url, cookie, { productId: product._id, variantId: mocha._id, count: 2 });
    const res = await callApi(ctx(), 'POST', url, cookie, { productId: product._id, variantId: berry._id });
    const cart = cartSchema.parse(res.json());
    expect(cart.data.map((l) => [l.variant?.sku, l.price, l.count])).toEqual([
      [mocha.sku, 1200, 2],
      [berry.sku, 1300, 1],
    ]);
    expect(cart.data[0]!.variant).toMatchObject({ options: { Shade: 'Mocha' }, stock: 3, inStock: true });
    expect(cart.subtotal).toBe(3700);

    const tooMany = await callApi(ctx(), 'POST', url, cookie, {
      productId: product._id,
      variantId: mocha._id,
      count: 2,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatch(/Only 3 of .*Shade: Mocha.* left and you have 2/);
    const rose = await callApi(ctx(), 'POST', url, cookie, {
      productId: product._id,
      variantId: variantOf(product, 'Rose')._id,
    });
    expect(rose.statusCode).toBe(409);
    expect(rose.json().error).toMatch(/out of stock/);

    // One off the Mocha line only.
    const less = await callApi(ctx(), 'DELETE', `/user/removeFromCart/${user.id}`, cookie, {
      productId: product._id,
      variantId: mocha._id,
    });
    expect(less.json<Cart>().data.map((l) => l.count)).toEqual([1, 1]);

    // A variant that goes leaves the cart; the other stays.
    await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, {
      variants: [{ sku: mocha.sku, options: { Shade: 'Mocha' }, price: 1250, stock: 3 }],
    });
    const after = await callApi(ctx(), 'GET', `/user/getCart/${user.id}`, cookie);
    const lines = after.json<Cart>().data;
    expect(lines.map((l) => [l.variant?.sku, l.price])).toEqual([[mocha.sku, 1250]]);
  });

  it('orders carry the variant and take, return and re-take its stock', async () => {
    const { product } = await createLipstick(ctx(), admin);
    const mocha = variantOf(product, 'Mocha');
    const berry = variantOf(product, 'Berry');
    const { user, cookie } = await signedInUser(ctx());
    const url = `/order/${user.id}`;

    const missing = await callApi(
      ctx(),
      'POST',
      url,
      cookie,
      orderBody(place, [{ _id: product._id, count: 1 }]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/Choose a Shade/);
    const twice = await callApi(
      ctx(),
      'POST',
      url,
      cookie,
      orderBody(place, [
        { _id: product._id, variant: mocha._id, count: 1 },
        { _id: product._id, variant: mocha._id, count: 1 },
      ] as never),
    );
    expect(twice.statusCode).toBe(400);

    const quote = await callApi(ctx(), 'POST', `${url}/quote`, cookie, {
      items: [{ _id: product._id, variant: mocha._id, count: 4 }],
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().error).toMatch(/only 3 of Matte Lipstick .* \(Shade: Mocha\) are left/);

    const res = await callApi(
      ctx(),
      'POST',
      url,
      cookie,
      orderBody(place, [
        { _id: product._id, variant: mocha._id, count: 2 },
        { _id: product._id, variant: berry._id, count: 1 },
      ] as never),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order.items.map((i) => [i.variant?.sku, i.variant?.options, i.price, i.count])).toEqual([
      [mocha.sku, { Shade: 'Mocha' }, 1200, 2],
      [berry.sku, { Shade: 'Berry' }, 1300, 1],
    ]);
    expect(order.subtotal).toBe(3700);
    expect(await variantStock(ctx(), mocha._id)).toBe(1);
    expect(await variantStock(ctx(), berry._id)).toBeNull();

    // The order keeps its copy after the variant goes.
    await callApi(ctx(), 'PUT', `/products/${product._id}`, admin, {
      variants: [{ sku: mocha.sku, options: { Shade: 'Mocha' }, price: 1200, stock: 1 }],
    });
    const read = orderSchema.parse((await callApi(ctx(), 'GET', `/order/${order._id}`, cookie)).json());
    expect(read.items[1]!.variant).toEqual({ _id: berry._id, sku: berry.sku, options: { Shade: 'Berry' } });

    const cancel = await callApi(ctx(), 'POST', `/order/${order._id}/cancel`, cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await variantStock(ctx(), mocha._id)).toBe(3);

    // Reopening takes it again.
    const reopen = await callApi(ctx(), 'PUT', `/order/updateStatus/${order._id}`, admin, {
      deliveryStatus: 'pending',
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(await variantStock(ctx(), mocha._id)).toBe(1);

    // The unpaid sweep gives it back.
    const past = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await ctx()
      .database.db.updateTable('orders')
      .set({ created_at: past })
      .where('id', '=', order._id)
      .execute();
    const { cancelled } = await ctx().app.services.orders.cancelExpiredUnpaidOrders(48);
    expect(cancelled).toBeGreaterThanOrEqual(1);
    expect(await variantStock(ctx(), mocha._id)).toBe(3);
  });

  it('ten concurrent orders for a variant with 3 left: exactly 3 are placed, never oversold', async () => {
    const { product } = await createLipstick(ctx(), admin);
    const mocha = variantOf(product, 'Mocha');
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(ctx())));
    const results = await Promise.all(
      buyers.map(({ user, cookie }) =>
        callApi(
          ctx(),
          'POST',
          `/order/${user.id}`,
          cookie,
          orderBody(place, [{ _id: product._id, variant: mocha._id, count: 1 }] as never),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(await variantStock(ctx(), mocha._id)).toBe(0);
    const read = productSchema.parse((await callApi(ctx(), 'GET', `/products/${product._id}`)).json());
    expect(variantOf(read, 'Mocha')).toMatchObject({ stock: 0, inStock: false });
    // The dashboard's low-stock list names the variant (the summary shows the first 20 of this list).
    const low = await ctx().app.services.catalogue.lowStockVariants(5, 10_000);
    expect(low.find((l) => l.variant.sku === mocha.sku)).toMatchObject({
      product: { _id: product._id, name: product.name },
      variant: { options: { Shade: 'Mocha' }, stock: 0 },
    });
    const summary = await callApi(ctx(), 'GET', '/admin/summary', admin);
    expect(summary.json().lowStockVariants.length).toBeGreaterThan(0);
  });
});
