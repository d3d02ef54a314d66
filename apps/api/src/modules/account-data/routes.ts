import { userEndpoints } from '@urembo/contract/endpoints/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import { clearSessionCookie, currentUser, type AuthService } from '../auth';
import type { AccountDataService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ auth: AuthService; accountData: AccountDataService }>;

/** GET /user/me/export and DELETE /user/me: the customer's copy of her data, and deleting her account. */
export function shopRoutes({ config, services }: Ctx): FastifyPluginAsyncZod {
  const { auth, accountData } = services;
  return async (app) => {
    app.route({
      ...routeOf(userEndpoints.exportMe),
      handler: async (request, reply) => {
        const user = currentUser(request);
        const data = await accountData.export(user.id);
        const day = data.exportedAt.slice(0, 10);
        void reply.header('content-disposition', `attachment; filename="urembo-my-data-${day}.json"`);
        return reply.send(data);
      },
    });

    app.route({
      ...routeOf(userEndpoints.deleteMe),
      handler: async (request, reply) => {
        const user = currentUser(request);
        await auth.confirmPassword(user, request.body.password);
        await accountData.erase(user);
        clearSessionCookie(reply, config);
        return reply.send({
          message:
            'Your account is deleted. Your orders stay in the shop’s books without your name or contacts.',
        });
      },
    });
  };
}
