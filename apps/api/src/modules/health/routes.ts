import { healthEndpoints } from '@urembo/contract/endpoints/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Health } from '@urembo/contract/common';
import { pingDatabase } from '../../db/database';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';

/** What these routes use of the app. */
type Ctx = RouteContext;

export function shopRoutes({ database }: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(healthEndpoints.getHealth),
      handler: async (_request, reply) => {
        try {
          await pingDatabase(database.db);
        } catch {
          return reply.status(503).header('retry-after', '5').send({
            error: 'Database is not answering',
            status: 'unavailable',
            db: database.dialect,
            database: 'down',
          });
        }
        const body: Health = { status: 'ok', db: database.dialect, database: 'up' };
        return reply.send(body);
      },
    });
  };
}
