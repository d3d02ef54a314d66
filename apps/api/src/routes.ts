import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DbHandle } from './db/database';
import type { Database } from './db/schema';
import type { AppCaches } from './lib/short-cache';
import type { AppServices } from './plugins/services';
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
import { catalogueRoutes } from './modules/catalogue/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { productPageRenderer, siteRoutes } from './modules/catalogue/seo';
import type { PageRenderer } from './web/static';

/** What every feature's routes get: configuration, the database, the caches and the services, all built once. */
export interface AppContext {
  config: Config;
  database: DbHandle;
  db: Kysely<Database>;
  caches: AppCaches;
  services: AppServices;
}

/** The app's context, from the decorators its plugins set (plugins/). */
export function contextOf(app: FastifyInstance): AppContext {
  const { config, database, db, caches, services } = app;
  return { config, database, db, caches, services };
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
  await api.register(catalogueRoutes(ctx));
  await api.register(dashboardRoutes(ctx));
}

/** Routes outside /api/v1 that are not the web app's pages (sitemap, robots.txt). */
export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(siteRoutes(ctx));
}

/** What the server puts into a page's <head> for search engines and link previews (first match wins). */
export function pageRenderers(ctx: AppContext): PageRenderer[] {
  return [productPageRenderer(ctx)];
}
