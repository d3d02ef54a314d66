import { discountEndpoints as endpoints } from '@urembo/contract/endpoints/discounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import type { DiscountService } from './service';
import { currentUser } from '../auth';

/** What these routes use of the app. */
type Ctx = RouteContext<{ discounts: DiscountService }>;

/** The Discounts screen (admin surface: routes.ts guards them). Shoppers apply codes through the order quote. */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { discounts } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.listDiscounts),
      handler: async () => ({ data: await discounts.list() }),
    });

    app.route({
      ...routeOf(endpoints.createDiscount),
      handler: async (request, reply) =>
        reply.status(201).send(await discounts.create(request.body, currentUser(request).id)),
    });

    app.route({
      ...routeOf(endpoints.updateDiscount),
      handler: async (request) => discounts.update(request.params.id, request.body, currentUser(request).id),
    });

    app.route({
      ...routeOf(endpoints.deleteDiscount),
      handler: async (request) => {
        await discounts.remove(request.params.id, currentUser(request).id);
        return { message: 'Discount code deleted' };
      },
    });
  };
}
