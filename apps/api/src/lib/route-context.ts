import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DbHandle } from '../db/database';
import type { Database } from '../db/schema';
import type { AppCaches } from './caches';

/**
 * What a feature's routes get from the app: configuration, the database, the caches, and the services the feature
 * names. A feature declares only the services it uses (`RouteContext<{ catalogue: CatalogueService }>`), so it
 * depends on them and not on the app that wires every feature together (context.ts).
 */
export interface RouteContext<Services = object> {
  config: Config;
  database: DbHandle;
  db: Kysely<Database>;
  caches: AppCaches;
  services: Services;
}

/** A feature's HTTP surface: the shop's routes (public or signed-in) and the admin's. */
export interface FeatureRoutes<Services = object> {
  shopRoutes?: (ctx: RouteContext<Services>) => FastifyPluginAsyncZod;
  adminRoutes?: (ctx: RouteContext<Services>) => FastifyPluginAsyncZod;
}
