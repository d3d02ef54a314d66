import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Dialect } from '../src/db/database';
import { signedInUser } from './support/auth';
import { imageDataUrl } from './support/catalogue-factories';
import { createPlace, orderBody } from './support/orders-factories';
import { createPgDatabase } from './support/pg-database';
import { freePort } from './support/ports';
import { startServerProcess, waitForHealth, type ServerProcess } from './support/server-process';
import { DIALECTS, testConfig, type TestContext } from './support/test-app';
import { migrateTestDatabase } from './support/test-db';

/*
 * `npm run backup` while customers place orders on a running shop, `npm run restore` into an empty database, and the
 * shop started on the restored database serves the same orders and pictures (the built server, both databases).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SESSION_SECRET = 'backup-test-session-secret-0123456789abc';
const STOCK = 10_000;

/** Runs `npm run <script> -- <file>` at the repository's root, as a person would. */
function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

interface Shop {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** A shop with nothing yet: its DATA_DIR does not exist, nor (PostgreSQL) any table in its database. */
async function emptyShop(dialect: Dialect, pgUrl: string | null): Promise<Shop> {
  const folder = mkdtempSync(path.join(tmpdir(), 'urembo-backup-'));
  const database = dialect === 'postgres' ? await createPgDatabase(pgUrl!) : undefined;
  return {
    dataDir: path.join(folder, 'data'),
    databaseUrl: database?.url,
    async drop() {
      await database?.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function serverEnv(shop: Shop, port: number): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: shop.dataDir,
    ...(shop.databaseUrl ? { DATABASE_URL: shop.databaseUrl } : {}),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET,
    PASSWORD_HASH_COST: '10',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    UNPAID_ORDER_SWEEP_SECONDS: '0',
  };
}

const location = (shop: Shop) => ({
  DATA_DIR: shop.dataDir,
  ...(shop.databaseUrl ? { DATABASE_URL: shop.databaseUrl } : {}),
});

for (const dialect of DIALECTS) {
  const pgUrl = inject('pgUrl');
  (dialect === 'postgres' && !pgUrl ? describe.skip : describe)(`backup and restore [${dialect}]`, () => {
    it('backs up while orders are placed; the restored shop serves the same orders and pictures', async () => {
      const source = await emptyShop(dialect, pgUrl);
      const target = await emptyShop(dialect, pgUrl);
      const backupFile = path.join(mkdtempSync(path.join(tmpdir(), 'urembo-backup-file-')), 'shop.backup');
      const servers: ServerProcess[] = [];
      try {
        // A shop with an admin, a customer and a delivery place, made as the tests make them.
        const handle = openDatabase({ databaseUrl: source.databaseUrl, dataDir: source.dataDir });
        await migrateTestDatabase(handle.db);
        const config = testConfig(source.dataDir, { SESSION_SECRET });
        const ctx = { database: handle, config, dialect } as unknown as TestContext;
        const admin = await signedInUser(ctx, { role: 'admin' });
        const customer = await signedInUser(ctx, { full_name: 'Akinyi Odhiambo' });
        const place = await createPlace(ctx, { shippingFee: 200 });
        await handle.close();

        const port = await freePort();
        const shop = startServerProcess(serverEnv(source, port));
        servers.push(shop);
        await waitForHealth(port, shop);
        const base = `http://127.0.0.1:${port}`;
        const call = (method: string, url: string, cookie: string, body?: unknown) =>
          fetch(`${base}${url}`, {
            method,
            headers: {
              cookie,
              ...(body === undefined
                ? {}
                : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const created = await call('POST', '/api/v1/products/', admin.cookie, {
          name: 'Marula Face Oil',
          price: 1500,
          stock: STOCK,
          images: [await imageDataUrl('png', { width: 700, height: 500, color: '#a0522d' })],
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const product = (await created.json()) as { _id: string; images: string[] };
        const picture = Buffer.from(await (await fetch(`${base}${product.images[0]!}`)).arrayBuffer());
        expect(picture.length).toBeGreaterThan(100);

        // Customers keep ordering, one order after another, until told to stop.
        const placed: { id: string; at: number }[] = [];
        let ordering = true;
        const placing = (async () => {
          while (ordering) {
            const res = await call(
              'POST',
              `/api/v1/order/${customer.user.id}`,
              customer.cookie,
              orderBody(place, [{ _id: product._id, count: 1 }]),
            );
            expect(res.status, await res.clone().text()).toBe(201);
            placed.push({ id: ((await res.json()) as { _id: string })._id, at: Date.now() });
          }
        })();
        while (placed.length < 5) await new Promise((r) => setTimeout(r, 20));
        const backupStarted = Date.now();
        const backup = await npmRun('backup', backupFile, location(source));
        const during = placed.length;
        while (placed.length < during + 3) await new Promise((r) => setTimeout(r, 20));
        ordering = false;
        await placing;
        expect(backup.code, backup.out).toBe(0);
        expect(backup.out).toMatch(
          /^Backed up the (SQLite|PostgreSQL) database .* to .*shop\.backup \(\d+\.\d MB\)\.$/m,
        );
        expect(readdirSync(path.dirname(backupFile))).toEqual(['shop.backup']);
        // A second backup to the same file is refused, not written over.
        const again = await npmRun('backup', backupFile, location(source));
        expect(again.code).toBe(1);
        expect(again.out).toContain('already exists: give the backup a new name.');

        const restore = await npmRun('restore', backupFile, location(target));
        expect(restore.code, restore.out).toBe(0);
        const restoredCount = Number(
          /: (\d+) orders, 1 products, 2 accounts, 1 pictures\.$/m.exec(restore.out)?.[1],
        );
        // Every order placed before the backup began is in it; some placed meanwhile may be; later ones are not.
        expect(restoredCount).toBeGreaterThanOrEqual(placed.filter((o) => o.at < backupStarted).length);
        expect(restoredCount).toBeLessThan(placed.length);
        // Only into an empty database.
        const twice = await npmRun('restore', backupFile, location(target));
        expect(twice.code).toBe(1);
        expect(twice.out).toMatch(
          /is not empty \(it has \d+ tables\)\. A backup is restored only into an empty database/,
        );

        // The shop started on the restored database: no picture on its disk, every one from the database.
        expect(existsSync(path.join(target.dataDir, 'images'))).toBe(false);
        const port2 = await freePort();
        const restored = startServerProcess(serverEnv(target, port2));
        servers.push(restored);
        await waitForHealth(port2, restored);
        const base2 = `http://127.0.0.1:${port2}`;
        let found = 0;
        for (const order of placed) {
          const there = await fetch(`${base2}/api/v1/order/${order.id}`, {
            headers: { cookie: customer.cookie },
          });
          if (order.at < backupStarted) expect(there.status).toBe(200);
          if (there.status === 404) continue;
          expect(there.status).toBe(200);
          found += 1;
          const here = await call('GET', `/api/v1/order/${order.id}`, customer.cookie);
          expect(await there.json()).toEqual(await here.json());
        }
        expect(found).toBe(restoredCount);
        // One consistent moment: the stock left is exactly what the restored orders did not take.
        const stock = (await (await fetch(`${base2}/api/v1/products/${product._id}`)).json()) as {
          stock: number;
        };
        expect(stock.stock).toBe(STOCK - restoredCount);
        const servedPicture = await fetch(`${base2}${product.images[0]!}`);
        expect(servedPicture.status).toBe(200);
        expect(Buffer.from(await servedPicture.arrayBuffer()).equals(picture)).toBe(true);
      } finally {
        for (const server of servers) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
        await source.drop();
        await target.drop();
        rmSync(path.dirname(backupFile), { recursive: true, force: true });
      }
    }, 120_000);
  });
}
