import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type DbHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createTestUser, sessionCookieFor } from './support/auth';
import { startTcpCut } from './support/tcp-cut';
import { createTestDatabase, type TestDatabase } from './support/test-db';
import { testConfig, type TestContext } from './support/test-app';

/*
 * When PostgreSQL goes away the shop answers 503 {error} (health too) and never crashes; when it comes
 * back the same process serves again within seconds. SQLite busy answers 503 too.
 */
const pgUrl = inject('pgUrl');

(pgUrl ? describe : describe.skip)('PostgreSQL lost and back', () => {
  let relay: Awaited<ReturnType<typeof startTcpCut>>;
  let app: FastifyInstance;
  let handle: DbHandle;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const lost: Error[] = [];
  let ctx: TestContext;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(pgUrl!);
    relay = await startTcpCut({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${relay.port}`;
    handle = openDatabase({
      databaseUrl: url.toString(),
      dataDir: '/nonexistent',
      pgSchema: schema,
      onConnectionError: (err) => lost.push(err),
    });
    await migrateToLatest(handle.db);
    const config = testConfig('/tmp', { DATABASE_URL: url.toString() });
    app = await buildApp({ config, database: handle, logger: false });
    await app.ready();
    ctx = { app, database: handle, config } as unknown as TestContext;
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await relay.close();
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });

  it('answers 503 while the database is unreachable and serves again once it is back', async () => {
    const user = await createTestUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const me = () => app.inject({ url: '/api/v1/auth/me', headers: { cookie } });
    expect((await me()).json().user._id).toBe(user.id);
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);

    relay.cut();
    for (const url of ['/api/v1/auth/me', '/api/v1/category', '/api/v1/shipping/countries']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({
        error: 'The shop cannot reach its database right now. Please try again in a moment.',
      });
      expect(res.headers['retry-after']).toBe('5');
    }
    const health = await app.inject({ url: '/api/v1/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', db: 'postgres', database: 'down' });
    // The pool reported the dropped idle connections instead of ending the process.
    expect(lost.length).toBeGreaterThan(0);

    relay.restore();
    const started = Date.now();
    let back = await me();
    while (back.statusCode !== 200 && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 200));
      back = await me();
    }
    expect(back.statusCode).toBe(200);
    expect(back.json().user._id).toBe(user.id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await app.inject({ url: '/api/v1/health' })).json()).toEqual({
      status: 'ok',
      db: 'postgres',
      database: 'up',
    });
  });
});

describe('SQLite busy', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite', null);
    app = await buildApp({ config: testConfig(database.dataDir), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('answers 503 when another writer holds the database past the busy timeout', async () => {
    const ctx = { app, database, config: testConfig(database.dataDir) } as unknown as TestContext;
    const user = await createTestUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const other = new SqliteDatabase(path.join(database.dataDir, 'urembo.sqlite'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/cannot reach its database/);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } })).statusCode,
    ).toBe(200);
  }, 20_000);
});
