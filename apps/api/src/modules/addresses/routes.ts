import { addressEndpoints as endpoints } from '@urembo/contract/endpoints/addresses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import type { AddressService } from './service';
import { assertSelf, currentUser } from '../auth';

/** What these routes use of the app. */
type Ctx = RouteContext<{ addresses: AddressService }>;

/** /address/*: the owner only (every route is a customer route: routes.ts guards them). */
export function shopRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const service = services.addresses;
    app.route({
      ...routeOf(endpoints.listAddresses),
      handler: async (request) => {
        const user = assertSelf(request, request.params.userId);
        return { data: await service.list(user.id) };
      },
    });

    app.route({
      ...routeOf(endpoints.createAddress),
      handler: async (request, reply) => {
        const address = await service.create(currentUser(request), request.body);
        return reply.status(201).send(address);
      },
    });

    app.route({
      ...routeOf(endpoints.updateAddress),
      handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
    });

    app.route({
      ...routeOf(endpoints.deleteAddress),
      handler: async (request) => {
        await service.remove(currentUser(request), request.params.id);
        return { message: 'address deleted' };
      },
    });
  };
}
