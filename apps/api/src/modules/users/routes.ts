import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paged } from '@urembo/contract/common';
import { userEndpoints } from '@urembo/contract/endpoints/users';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import { toUserDto } from './dto';
import { listUsers } from './repository';

/** What these routes use of the app. */
type Ctx = RouteContext;

/** GET /user: the shop's accounts, newest first, 10 a page by default (admin surface). */
export function adminRoutes({ db }: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(userEndpoints.listUsers),
      handler: async (request, reply) => {
        const { page, limit } = request.query;
        const { rows, total } = await listUsers(db, page, limit);
        return reply.send(paged(rows.map(toUserDto), total, { page, limit }));
      },
    });
  };
}
