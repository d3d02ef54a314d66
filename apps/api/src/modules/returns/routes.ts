import { returnEndpoints as endpoints } from '@urembo/contract/endpoints/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import { currentUser } from '../auth';
import type { ReturnService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ returns: ReturnService }>;

/** A customer's returns of their delivered orders (customer routes: routes.ts guards them). */
export function shopRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { returns } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.createReturn),
      handler: async (request, reply) => {
        const created = await returns.create(request.params.id, currentUser(request), request.body);
        return reply.status(201).send(created);
      },
    });

    app.route({
      ...routeOf(endpoints.listOrderReturns),
      handler: async (request) => ({
        data: await returns.ofOrder(request.params.id, currentUser(request)),
      }),
    });
  };
}

/** The Returns screen (admin surface: routes.ts guards them). */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { returns } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.listReturns),
      handler: async (request) => {
        const { state, page, limit } = request.query;
        return returns.list(state, page, limit);
      },
    });

    app.route({
      ...routeOf(endpoints.updateReturn),
      handler: async (request) =>
        returns.move(request.params.id, request.body.state, request.body.note, currentUser(request).id),
    });
  };
}
