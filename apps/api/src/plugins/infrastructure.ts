import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DbHandle } from '../db/database';
import type { Database } from '../db/schema';
import { createMailer, type Mailer } from '../lib/mailer';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limit';
import { createCaches, type AppCaches } from '../lib/caches';
import { createSmsSender, type SmsSender } from '../lib/sms';
import { createDarajaClient, type DarajaClient } from '../modules/payments';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DbHandle;
    db: Kysely<Database>;
    /** Shared read caches (catalogue), told by the services that write what they changed. */
    caches: AppCaches;
    mailer: Mailer;
    sms: SmsSender;
    /** Counters for rate limits and sign-in holds (Redis when REDIS_URL is set). */
    limiter: RateLimiter;
    daraja: DarajaClient;
  }
}

/**
 * The app's infrastructure, each piece built once per app by its own plugin (fastify-plugin, so the decorators are
 * visible to every feature) and closed with the app. Features never build these themselves.
 */
export const corePlugin = fp<{ config: Config; database: DbHandle }>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'core' },
);

export const cachesPlugin = fp(
  async (app) => {
    const caches = createCaches(app.config.redis, {
      log: app.log,
      lowStockAt: app.config.stock.lowStockAt,
    });
    app.decorate('caches', caches);
    app.addHook('onClose', () => caches.close());
  },
  { name: 'caches', dependencies: ['core'] },
);

export const messagingPlugin = fp(
  async (app) => {
    const mailer = createMailer(app.config, app.log);
    app.decorate('mailer', mailer);
    app.decorate('sms', createSmsSender(app.config, app.log));
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'messaging', dependencies: ['core'] },
);

export const limiterPlugin = fp(
  async (app) => {
    const limiter = createRateLimiter(app.config, app.log);
    app.decorate('limiter', limiter);
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'limiter', dependencies: ['core'] },
);

export const darajaPlugin = fp(
  async (app) => {
    app.decorate('daraja', createDarajaClient(app.config.mpesa));
  },
  { name: 'daraja', dependencies: ['core'] },
);
