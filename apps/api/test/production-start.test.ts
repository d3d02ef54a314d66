import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { DEMO_ADMIN_PHONE, DEMO_CUSTOMER } from '../src/dev/accounts/seeder';
import { freePort } from './support/ports';

/*
 * A production start (NODE_ENV=production, SEED_DEMO unset) of the built server, as a shop owner would run it:
 * no demo customer, no demo orders, no demo admin, no demo password in the log; only the ADMIN_* account.
 */
const server = path.resolve(import.meta.dirname, '../dist/server.js');
const pgUrl = inject('pgUrl');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startProduction(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-prod-'));
  const port = await freePort();
  const child = spawn(process.execPath, [server], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'trace',
      PASSWORD_HASH_COST: '12',
      ADMIN_PHONE: '0700111222',
      ADMIN_PASSWORD: 'owner-chooses-this-1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  for (let i = 0; i < 150; i++) {
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null);
    if (health?.ok && output.includes('is serving')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(output).toContain('is serving');
  return { dataDir, port, output: () => output };
}

async function expectCleanShop(databaseUrl: string | undefined, dataDir: string, log: string) {
  const handle = openDatabase({ databaseUrl, dataDir });
  try {
    const users = await handle.db.selectFrom('users').select(['phone', 'role']).execute();
    expect(users).toEqual([{ phone: '254700111222', role: 'admin' }]);
    expect(users.map((u) => u.phone)).not.toContain(DEMO_CUSTOMER.phone);
    expect(users.map((u) => u.phone)).not.toContain(DEMO_ADMIN_PHONE);
    expect(await handle.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await handle.db.selectFrom('products').select('id').execute()).toEqual([]);
  } finally {
    await handle.close();
  }
  expect(log).not.toContain(DEMO_CUSTOMER.password);
  expect(log).not.toContain('owner-chooses-this-1');
  expect(log).not.toMatch(/demo (customer|admin)/);
}

describe('a production start', () => {
  it('on SQLite seeds no demo accounts, orders or products', async () => {
    const shop = await startProduction(undefined);
    await expectCleanShop(undefined, shop.dataDir, shop.output());
  });

  (pgUrl ? it : it.skip)('on PostgreSQL seeds no demo accounts, orders or products', async () => {
    const name = `urembo_prod_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    cleanups.unshift(async () => {
      const c = new pg.Client({ connectionString: pgUrl! });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const shop = await startProduction(url.toString());
    await expectCleanShop(url.toString(), shop.dataDir, shop.output());
  });
});
