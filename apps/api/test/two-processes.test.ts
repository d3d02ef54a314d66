import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imageDataUrl } from './support/catalogue-factories';

/**
 * Two built API processes on one PostgreSQL database and one Redis (as behind a load balancer): what one process
 * writes, the other serves at once. Skipped, visibly, only when PostgreSQL or Redis does not answer (CI has both).
 */
const server = path.resolve(import.meta.dirname, '../dist/server.js');
const REDIS_URL = 'redis://127.0.0.1:6379';
const pgUrl = inject('pgUrl');

/** A port nothing listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const redisUp = await redisAnswers();
if (!redisUp && process.env.CI) throw new Error(`Redis at ${REDIS_URL} did not answer (CI requires it)`);
if (!pgUrl || !redisUp)
  console.warn(`[tests] ${!pgUrl ? 'PostgreSQL' : 'Redis'} did not answer: SKIPPING the two-process test`);

(pgUrl && redisUp ? describe : describe.skip)('two API processes on one PostgreSQL and one Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  // Each process has its own disk, as on separate machines: pictures are shared through the database.
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  let ports: number[] = [];
  let a = '';
  let b = '';
  const admin = { phone: '0712345678', password: 'two-process-admin-pass' };

  async function start(port: number): Promise<void> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-two-'));
    dataDirs.push(dataDir);
    const url = new URL(pgUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const child = spawn(process.execPath, [server], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        REDIS_URL,
        REDIS_KEY_PREFIX: `urembo-test-${schema}:`,
        SESSION_SECRET: 'two-process-secret-two-process-secret-01',
        PUBLIC_URL: 'http://localhost:3000',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_PHONE: admin.phone,
        ADMIN_PASSWORD: admin.password,
        PASSWORD_HASH_COST: '12',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`API process on port ${port} did not start`);
  }

  const call = (base: string, method: string, url: string, body?: unknown, cookie?: string) =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    expect(existsSync(server), 'run `npm run build` first').toBe(true);
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    ports = [await freePort(), await freePort()];
    [a, b] = ports.map((p) => `http://127.0.0.1:${p}/api/v1`) as [string, string];
    await start(ports[0]!); // migrates and creates the admin
    await start(ports[1]!);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      children.map((c) => new Promise((resolve) => (c.kill('SIGTERM'), c.once('exit', resolve)))),
    );
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shares sessions, rate limits, pictures, prices and ratings', async () => {
    // A session made through A is a session on B.
    const signin = await call(a, 'POST', '/auth/signin', admin);
    expect(signin.status, await signin.clone().text()).toBe(200);
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await call(b, 'GET', '/auth/me', undefined, cookie);
    expect(((await me.json()) as { user: { phone: string } | null }).user?.phone).toBe('254712345678');

    // A product with a picture, made through A: B serves its JSON and its picture.
    const created = await call(
      a,
      'POST',
      '/products/',
      {
        name: 'Baobab Body Oil',
        price: 2000,
        description: 'Cold-pressed baobab oil.',
        usage: 'Massage into damp skin.',
        tags: [],
        isFeatured: true,
        isProductNew: true,
        status: 'active',
        images: [await imageDataUrl('png', { width: 400, height: 400, color: '#a0522d' })],
      },
      cookie,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const product = (await created.json()) as { _id: string; slug: string; images: string[] };
    const picture = await fetch(`http://127.0.0.1:${ports[1]}${product.images[0]}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    // B lists it (and so caches the list); a new price through A shows on B at once, in the product and the list.
    const listOnB = async () =>
      (
        (await (await call(b, 'GET', '/products/featuredandnew')).json()) as {
          data: { _id: string; price: number; stock: number | null; inStock: boolean }[];
        }
      ).data.find((p) => p._id === product._id);
    expect((await listOnB())?.price).toBe(2000);
    const productOnB = async () =>
      (await (await call(b, 'GET', `/products/${product._id}`)).json()) as {
        price: number;
        stock: number | null;
        inStock: boolean;
        rating: number;
        reviewCount: number;
      };
    expect((await productOnB()).price).toBe(2000);
    expect((await call(a, 'PUT', `/products/${product._id}`, { price: 2250 }, cookie)).status).toBe(200);
    // The very next reads through B, with no wait: the write is numbered in Redis before it answers.
    expect((await productOnB()).price).toBe(2250);
    expect((await listOnB())?.price).toBe(2250);

    // Its last two units sold through A: B shows it out of stock on its next read, in the product and the list.
    expect((await call(a, 'PUT', `/products/${product._id}`, { stock: 2 }, cookie)).status).toBe(200);
    expect(await productOnB()).toMatchObject({ stock: 2, inStock: true });
    expect(await listOnB()).toMatchObject({ stock: 2, inStock: true });
    const sold = await call(a, 'POST', `/products/${product._id}/stock`, { change: -2 }, cookie);
    expect(sold.status, await sold.clone().text()).toBe(200);
    expect(await productOnB()).toMatchObject({ stock: 0, inStock: false });
    expect(await listOnB()).toMatchObject({ stock: 0, inStock: false });

    // A customer with a paid order reviews the product through A; B shows the new rating on its next read.
    const customer = { fullName: 'Mwende Kioko', phone: '0733444555', password: 'jacaranda-blue-88' };
    const signup = await call(a, 'POST', '/auth/signup', customer);
    expect(signup.status, await signup.clone().text()).toBe(201);
    const customerCookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { user } = (await signup.json()) as { user: { _id: string } };
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    const orderId = randomBytes(12).toString('hex');
    const now = new Date().toISOString();
    await client.query(
      `insert into ${schema}.orders (id, reference, user_id, name, email, phone, country, county, town, location,
         location_id, subtotal, shipping_fee, total_amount, payment_status, delivery_status, idempotency_key,
         created_at, updated_at)
       values ($1, 'TWOPROC', $2, 'Mwende Kioko', null, '254733444555', 'Kenya', 'Nairobi', 'Westlands',
         'Sarit', null, 2250, 200, 2450, 'paid', 'delivered', null, $3, $3)`,
      [orderId, user._id, now],
    );
    await client.query(
      `insert into ${schema}.order_items (id, order_id, product_id, name, price, image, count, position,
         stock_taken, created_at)
       values ($1, $2, $3, 'Baobab Body Oil', 2250, null, 1, 0, 0, $4)`,
      [randomBytes(12).toString('hex'), orderId, product._id, now],
    );
    await client.end();
    expect((await productOnB()).reviewCount).toBe(0);
    const review = await call(
      a,
      'POST',
      '/review/',
      { productId: product._id, rating: 4, comment: 'Soaks in fast.' },
      customerCookie,
    );
    expect(review.status, await review.clone().text()).toBe(201);
    expect(await productOnB()).toMatchObject({ rating: 4, reviewCount: 1 });

    // Wrong passwords for one account through A and B count together: after five, both hold it back.
    const wrong = { phone: '0799111222', password: 'not-the-password' };
    for (let i = 0; i < 5; i++)
      expect((await call(i % 2 ? b : a, 'POST', '/auth/signin', wrong)).status).toBe(401);
    expect((await call(b, 'POST', '/auth/signin', wrong)).status).toBe(429);
    expect((await call(a, 'POST', '/auth/signin', wrong)).status).toBe(429);
  }, 60_000);
});
