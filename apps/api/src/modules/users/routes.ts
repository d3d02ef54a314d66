import type { FastifyPluginAsync } from 'fastify';
import { paged } from '@urembo/contract/common';
import { usersQuerySchema } from '@urembo/contract/users';
import { parseInput } from '../../lib/validate';
import type { AppContext } from '../../routes';
import { toUserDto } from './dto';
import { listUsers } from './repository';

/** GET /user: the shop's accounts, newest first, 10 a page by default (admin surface). */
export function adminRoutes({ db }: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/user', async (request, reply) => {
      const { page, limit } = parseInput(usersQuerySchema, request.query);
      const { rows, total } = await listUsers(db, page, limit);
      return reply
        .header('cache-control', 'no-store')
        .send(paged(rows.map(toUserDto), total, { page, limit }));
    });
  };
}
