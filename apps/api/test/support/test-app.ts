import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Dialect } from '../../src/db/database';
import { checkAnswersAgainstDocument } from './openapi-answers';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  dialect: Dialect;
}

export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST: '/nonexistent-web-dist',
    PASSWORD_HASH_COST: '12',
    ...env,
  });
}

/**
 * Runs a suite once per database dialect against the whole app on a fresh database. The PostgreSQL run is skipped,
 * visibly, only when no PostgreSQL server answered (see global-setup.ts). Every answer the suite's calls get is
 * checked against the OpenAPI document (openapi-answers.ts): one that is not as documented fails its test.
 */
export function describeEachDialect(
  title: string,
  suite: (ctx: () => TestContext) => void,
  options: { env?: Record<string, string>; beforeReady?: (app: FastifyInstance) => void } = {},
): void {
  for (const dialect of DIALECTS) {
    const pgUrl = inject('pgUrl');
    const skip = dialect === 'postgres' && !pgUrl;
    (skip ? describe.skip : describe)(`${title} [${dialect}]`, () => {
      let ctx: TestContext | undefined;
      beforeAll(async () => {
        const database = await createTestDatabase(dialect, pgUrl);
        const config = testConfig(database.dataDir, {
          ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
          ...options.env,
        });
        const app = await buildApp({ config, database, logger: false });
        options.beforeReady?.(app);
        await app.ready();
        checkAnswersAgainstDocument(app);
        ctx = { app, database, config, dialect };
      });
      afterAll(async () => {
        if (!ctx) return;
        await ctx.app.close();
        await ctx.database.destroy();
      });
      suite(() => {
        if (!ctx) throw new Error('test context is not ready');
        return ctx;
      });
    });
  }
}

/** A call to /api/v1 as a signed-in user (or a visitor without a cookie), with an optional JSON body. */
export function callApi(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
