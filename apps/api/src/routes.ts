import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DbHandle } from './db/database';
import type { Database } from './db/schema';
import { addressRoutes } from './modules/addresses/routes';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { shippingRoutes } from './modules/shipping/routes';
import { userRoutes } from './modules/users/routes';
import { cartRoutes } from './modules/cart/routes';
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
  await api.register(reviewRoutes(ctx));
  await api.register(paymentsRoutes(ctx));
  await api.register(authRoutes(ctx));
  await api.register(userRoutes(ctx));
  await api.register(shippingRoutes(ctx));
  await api.register(addressRoutes(ctx));
  await api.register(publicConfigRoutes(ctx));
  await api.register(cartRoutes(ctx));
  await api.register(orderRoutes(ctx));
}
