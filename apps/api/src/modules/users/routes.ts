import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paged, pagedSchema } from '@urembo/contract/common';
import { usersQuerySchema, userSchema } from '@urembo/contract/users';
import type { RouteContext } from '../../lib/route-context';
import { toUserDto } from './dto';
import { listUsers } from './repository';

/** What these routes use of the app. */
type Ctx = RouteContext;

/** GET /user: the shop's accounts, newest first, 10 a page by default (admin surface). */
export function adminRoutes({ db }: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      { schema: { response: { 200: pagedSchema(userSchema) }, querystring: usersQuerySchema } },
      async (request, reply) => {
        const { page, limit } = request.query;
        const { rows, total } = await listUsers(db, page, limit);
        return reply
          .header('cache-control', 'no-store')
          .send(paged(rows.map(toUserDto), total, { page, limit }));
      },
    );
  };
}
