import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './lib/route-context';
import type { AppServices } from './plugins/services';

/** The whole app's context: every feature's routes get it, typed as the part they use (lib/route-context.ts). */
export type AppContext = RouteContext<AppServices>;

/** The app's context, from the decorators its plugins set (plugins/). */
export function contextOf(app: FastifyInstance): AppContext {
  const { config, database, db, caches, services } = app;
  return { config, database, db, caches, services };
}
