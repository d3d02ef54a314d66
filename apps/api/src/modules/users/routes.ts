import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paged } from '@urembo/contract/common';
import { userEndpoints } from '@urembo/contract/endpoints/users';
import { routeOf } from '../../lib/endpoint-route';
import type { AppContext } from '../../routes';
import { toUserDto } from './dto';
import { listUsers } from './repository';

/** GET /user: the shop's accounts, newest first, 10 a page by default (admin surface). */
export function adminRoutes({ db }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(userEndpoints.listUsers),
      handler: async (request, reply) => {
        const { page, limit } = request.query;
        const { rows, total } = await listUsers(db, page, limit);
        return reply
          .header('cache-control', 'no-store')
          .send(paged(rows.map(toUserDto), total, { page, limit }));
      },
    });
  };
}
