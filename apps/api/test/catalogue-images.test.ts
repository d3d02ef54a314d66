import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Product } from '@urembo/contract/catalogue';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_BODY_LIMIT } from '../src/modules/catalogue/routes';
import { signedInUser } from './support/auth';
import { dataUrlOf, imageBytes, imageDataUrl } from './support/catalogue-factories';
import { describeEachDialect } from './support/test-app';

const HASH_URL = /^\/api\/v1\/images\/([0-9a-f]{64})-1200\.webp$/;

describeEachDialect('product images', (ctx) => {
  let admin: string;
  const imagesDir = () => path.join(ctx().config.dataDir, 'images');
  const files = () => (existsSync(imagesDir()) ? readdirSync(imagesDir()).sort() : []);
  const hashOf = (url: string) => HASH_URL.exec(url)![1]!;
  const filesOf = (url: string) => [320, 640, 1200].map((w) => `${hashOf(url)}-${w}.webp`);

  beforeAll(async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
  });

  const create = (images: string[], name = 'Pictured product') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/v1/products/',
      headers: { cookie: admin },
      payload: { name, price: 1000, images },
    });
  const update = (id: string, images: string[]) =>
    ctx().app.inject({
      method: 'PUT',
      url: `/api/v1/products/${id}`,
      headers: { cookie: admin },
      payload: { images },
    });
  const deleteImage = (productId: string, url: string) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/v1/products/deleteProductImage',
      headers: { cookie: admin },
      payload: { productId, url },
    });

  it('stores PNG, JPEG and WebP uploads as three WebP widths, never enlarged', async () => {
    const res = await create([
      await imageDataUrl('png', { width: 1600, height: 1200 }),
      await imageDataUrl('jpeg', { width: 500, height: 500 }),
      await imageDataUrl('webp'),
    ]);
    expect(res.statusCode).toBe(201);
    const product = res.json<Product>();
    expect(product.images).toHaveLength(3);
    for (const url of product.images) expect(url).toMatch(HASH_URL);
    for (const url of product.images) for (const f of filesOf(url)) expect(files()).toContain(f);
    const dir = imagesDir();
    const [big, small] = product.images as [string, string];
    expect((await sharp(path.join(dir, `${hashOf(big)}-320.webp`)).metadata()).width).toBe(320);
    expect((await sharp(path.join(dir, `${hashOf(big)}-640.webp`)).metadata()).width).toBe(640);
    const large = await sharp(path.join(dir, `${hashOf(big)}-1200.webp`)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 900]);
    expect((await sharp(path.join(dir, `${hashOf(small)}-1200.webp`)).metadata()).width).toBe(500);
    expect((await sharp(path.join(dir, `${hashOf(small)}-320.webp`)).metadata()).width).toBe(320);
  });

  it('names files by the content hash: the same picture is stored once', async () => {
    const bytes = await imageBytes('png', { color: '#123456' });
    const a = (await create([dataUrlOf(bytes)], 'First')).json<Product>();
    const b = (await create([dataUrlOf(bytes, 'image/jpeg')], 'Second')).json<Product>();
    expect(a.images).toEqual(b.images);
    expect(files().filter((f) => f.startsWith(hashOf(a.images[0]!)))).toHaveLength(3);
  });

  it('serves images with immutable caching, an ETag and 304 on If-None-Match', async () => {
    const p = (await create([await imageDataUrl('png')])).json<Product>();
    const url = p.images[0]!.replace('-1200', '-640');
    const res = await ctx().app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${hashOf(p.images[0]!)}-640"`);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    const again = await ctx().app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await ctx().app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"x", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const other = await ctx().app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
    for (const bad of [
      `${'a'.repeat(64)}-640.webp`,
      `${hashOf(p.images[0]!)}-500.webp`,
      '..%2F..%2Fetc%2Fpasswd',
      'x.webp',
    ]) {
      const missing = await ctx().app.inject({ method: 'GET', url: `/api/v1/images/${bad}` });
      expect(missing.statusCode, bad).toBe(404);
      expect(missing.json().error).toBe('Image not found');
    }
  });

  it('refuses what is not really a JPEG, PNG or WebP picture, whatever the data URL claims', async () => {
    const before = files();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const cases: [string, RegExp][] = [
      [dataUrlOf(gif, 'image/png'), /not a JPEG, PNG or WebP/],
      [
        dataUrlOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/jpeg'),
        /not a JPEG, PNG or WebP/,
      ],
      [dataUrlOf(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'image/webp'), /not a JPEG, PNG or WebP/],
      // A real PNG signature followed by garbage.
      [
        dataUrlOf(
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(200, 7),
          ]),
        ),
        /could not be read/,
      ],
      ['https://example.com/picture.jpg', /data URL/],
      ['data:image/png;base64,***', /not valid base64/],
      ['data:image/png;base64,', /empty/],
    ];
    for (const [image, message] of cases) {
      const res = await create([image]);
      expect(res.statusCode, image.slice(0, 40)).toBe(400);
      expect(res.json().error).toMatch(message);
      expect(res.json().error).toMatch(/^Image 1 /);
    }
    // The second image is named in the message.
    const second = await create([await imageDataUrl('png'), dataUrlOf(gif)]);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatch(/^Image 2 /);
    expect(files()).toEqual(before);
  });

  it('refuses an image over 5 MB (400) and a body over the route limit (413)', async () => {
    const tooBig = Buffer.concat([
      await imageBytes('png', { width: 10, height: 10 }),
      Buffer.alloc(5 * 1024 * 1024),
    ]);
    const res = await create([dataUrlOf(tooBig)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Image 1 is larger than 5 MB');
    const huge = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/products/',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'x',
        price: 1,
        images: ['data:image/png;base64,' + 'A'.repeat(PRODUCT_BODY_LIMIT)],
      }),
    });
    expect(huge.statusCode).toBe(413);
    // Other routes keep the 1 MB limit.
    const category = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/category/',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ category: 'x', description: 'y'.repeat(1024 * 1024) }),
    });
    expect(category.statusCode).toBe(413);
  });

  it('allows at most 8 images per product, counting the ones it has', async () => {
    const eight = await Promise.all(
      Array.from({ length: 8 }, () => imageDataUrl('jpeg', { width: 64, height: 64 })),
    );
    const p = (await create(eight.slice(0, 7))).json<Product>();
    expect(p.images).toHaveLength(7);
    const ninth = await update(p._id, [eight[7]!, await imageDataUrl('png', { width: 64, height: 64 })]);
    expect(ninth.statusCode).toBe(400);
    expect(ninth.json().error).toMatch(/at most 8 images/);
    const added = await update(p._id, [eight[7]!]);
    expect(added.statusCode).toBe(200);
    expect(added.json<Product>().images).toHaveLength(8);
    expect(added.json<Product>().images.slice(0, 7)).toEqual(p.images);
    const over = await update(p._id, [await imageDataUrl('png', { width: 64, height: 64 })]);
    expect(over.statusCode).toBe(400);
    // Sending back an image it already has is not a new image.
    const resent = await update(p._id, [p.images[0]!]);
    expect(resent.statusCode).toBe(200);
    expect(resent.json<Product>().images).toHaveLength(8);
  });

  it('deleting an image or a product removes files nothing else uses (no orphans)', async () => {
    const shared = await imageBytes('png', { color: '#abcdef' });
    const own = await imageDataUrl('jpeg');
    const a = (await create([dataUrlOf(shared), own], 'Owner A')).json<Product>();
    const b = (await create([dataUrlOf(shared)], 'Owner B')).json<Product>();
    const [sharedUrl, ownUrl] = a.images as [string, string];

    const res = await deleteImage(a._id, ownUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>().images).toEqual([sharedUrl]);
    for (const f of filesOf(ownUrl)) expect(files()).not.toContain(f);
    expect((await ctx().app.inject({ method: 'GET', url: ownUrl })).statusCode).toBe(404);

    // B still uses the shared picture, so deleting A keeps its files...
    expect(
      (
        await ctx().app.inject({
          method: 'DELETE',
          url: `/api/v1/products/${a._id}`,
          headers: { cookie: admin },
        })
      ).statusCode,
    ).toBe(200);
    for (const f of filesOf(sharedUrl)) expect(files()).toContain(f);
    // ...and deleting B, the last user, removes them.
    await ctx().app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${b._id}`,
      headers: { cookie: admin },
    });
    for (const f of filesOf(sharedUrl)) expect(files()).not.toContain(f);
    const rows = await ctx().database.db.selectFrom('product_images').select('hash').execute();
    expect(rows.map((r) => r.hash)).not.toContain(hashOf(sharedUrl));

    // Every file on disk belongs to an image row (and nothing is half-written).
    const hashes = new Set(rows.map((r) => r.hash));
    for (const f of files()) expect(hashes.has(f.slice(0, 64)), f).toBe(true);
  });

  it('deleteProductImage refuses unknown products, foreign images and bad bodies', async () => {
    const p = (await create([await imageDataUrl('png')])).json<Product>();
    const other = (await create([await imageDataUrl('png')])).json<Product>();
    expect((await deleteImage('000000000000000000000000', p.images[0]!)).statusCode).toBe(404);
    expect((await deleteImage(p._id, other.images[0]!)).statusCode).toBe(404);
    expect((await deleteImage(p._id, 'not-an-image-url')).statusCode).toBe(400);
    const blank = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/products/deleteProductImage',
      headers: { cookie: admin },
      payload: { url: '' },
    });
    expect(blank.statusCode).toBe(400);
    // An absolute URL of the image works too.
    const absolute = await deleteImage(p._id, `http://localhost:3000${p.images[0]}`);
    expect(absolute.statusCode).toBe(200);
    expect(absolute.json<Product>().images).toEqual([]);
  });
});

describe('PRODUCT_BODY_LIMIT', () => {
  it('fits 8 images of 5 MB as base64', () => {
    expect(PRODUCT_BODY_LIMIT).toBeGreaterThan(Math.ceil((8 * 5 * 1024 * 1024 * 4) / 3) + 64 * 1024);
  });
});
