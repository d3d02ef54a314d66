import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ImageStore } from '../src/modules/catalogue/images';
import { signedInUser } from './support/auth';
import { imageDataUrl } from './support/catalogue-factories';
import { describeEachDialect, testConfig } from './support/test-app';

/*
 * Pictures live in the database, so a second process with its own disk (its own DATA_DIR) serves an
 * upload made through the first at once, and a deletion through one is a deletion everywhere.
 */
describeEachDialect('pictures shared between processes', (ctx) => {
  let other: FastifyInstance;
  const otherDir = mkdtempSync(path.join(tmpdir(), 'urembo-other-'));

  beforeAll(async () => {
    const config = testConfig(otherDir, {
      ...(ctx().database.databaseUrl ? { DATABASE_URL: ctx().database.databaseUrl! } : {}),
    });
    other = await buildApp({ config, database: ctx().database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    rmSync(otherDir, { recursive: true, force: true });
  });

  it('serves an upload through the other process, from the database then from its own disk cache', async () => {
    const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    const created = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/products/',
      headers: { cookie: admin },
      payload: { name: 'Shared picture', price: 700, images: [await imageDataUrl('png')] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { _id: id, images } = created.json() as { _id: string; images: string[] };
    const url = images[0]!;
    const first = await ctx().app.inject({ url });
    expect(first.statusCode).toBe(200);

    // The other process has never seen this picture on its disk.
    const cacheDir = path.join(otherDir, 'images');
    expect(existsSync(cacheDir) ? readdirSync(cacheDir) : []).toEqual([]);
    const served = await other.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(readdirSync(cacheDir)).toHaveLength(1);

    // Deleting the product's last use through the first process removes it for the second too, cache and all.
    const removed = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(200);
    expect((await other.inject({ url })).statusCode).toBe(404);
    expect((await ctx().app.inject({ url })).statusCode).toBe(404);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('copies pictures from an existing DATA_DIR/images into the database once', async () => {
    const legacyDir = mkdtempSync(path.join(tmpdir(), 'urembo-legacy-'));
    const hash = 'a'.repeat(63) + 'b';
    for (const width of [320, 640, 1200])
      writeFileSync(path.join(legacyDir, `${hash}-${width}.webp`), `w${width}`);
    writeFileSync(path.join(legacyDir, 'not-a-picture.txt'), 'x');
    const store = new ImageStore(legacyDir, ctx().database.db);
    expect(await store.importDiskImagesOnce()).toBe(1);
    // The next start finds the marker and reads no folder (a new legacy file would not be copied).
    const later = 'c'.repeat(63) + 'd';
    for (const width of [320, 640, 1200])
      writeFileSync(path.join(legacyDir, `${later}-${width}.webp`), `x${width}`);
    expect(await store.importDiskImagesOnce()).toBe(0);
    expect(await store.importDiskImages()).toBe(1);
    expect(await store.importDiskImages()).toBe(0);
    const fresh = new ImageStore(mkdtempSync(path.join(tmpdir(), 'urembo-fresh-')), ctx().database.db);
    expect((await fresh.read(hash, 640))?.toString()).toBe('w640');
    rmSync(legacyDir, { recursive: true, force: true });
  });
});
