import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DbHandle } from './db/database';
import type { Database } from './db/schema';
import { cartRoutes } from './modules/cart/routes';
import { healthRoutes } from './modules/health/routes';
import { orderRoutes } from './modules/orders/routes';
import { publicConfigRoutes } from './modules/public-config/routes';

/** What every feature's routes get: configuration and the database. */
export interface AppContext {
  config: Config;
  database: DbHandle;
  db: Kysely<Database>;
}

/** Mounts every feature under /api/v1. */
export async function registerApiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(healthRoutes(ctx));
  await api.register(publicConfigRoutes(ctx));
  await api.register(cartRoutes(ctx));
  await api.register(orderRoutes(ctx));
}
