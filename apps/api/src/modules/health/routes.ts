import { healthEndpoints } from '@urembo/contract/endpoints/health';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Health } from '@urembo/contract/common';
import { pingDatabase } from '../../db/database';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';

/** What these routes use of the app. */
type Ctx = RouteContext;

/** The database answers: 200 `{status: 'ok'}`; it does not: 503 with Retry-After. */
async function answerHealth({ database }: Ctx, reply: FastifyReply) {
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
}

export function shopRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(healthEndpoints.getHealth),
      handler: async (_request, reply) => answerHealth(ctx, reply),
    });
  };
}

/**
 * GET /health at the root too, answering as /api/v1/health: the first address a load balancer, a monitor or a
 * newcomer tries (it was the shop's 404 page).
 */
export function siteRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return answerHealth(ctx, reply);
    });
  };
}
