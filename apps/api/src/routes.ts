import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DbHandle } from './db/database';
import type { Database } from './db/schema';
import { catalogueRoutes } from './modules/catalogue/routes';
import { productPageRenderer, siteRoutes } from './modules/catalogue/seo';
import { healthRoutes } from './modules/health/routes';
import type { PageRenderer } from './web/static';

/** What every feature's routes get: configuration and the database. */
export interface AppContext {
  config: Config;
  database: DbHandle;
  db: Kysely<Database>;
}

/** Mounts every feature under /api/v1. */
export async function registerApiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(healthRoutes(ctx));
  await api.register(catalogueRoutes(ctx));
}

/** Routes outside /api/v1 that are not the web app's pages (sitemap, robots.txt). */
export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(siteRoutes(ctx));
}

/** What the server puts into a page's <head> for search engines and link previews (first match wins). */
export function pageRenderers(ctx: AppContext): PageRenderer[] {
  return [productPageRenderer(ctx)];
}
