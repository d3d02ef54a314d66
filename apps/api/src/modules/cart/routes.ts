import { cartEndpoints as endpoints } from '@urembo/contract/endpoints/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import { assertSelf } from '../auth';
import type { CartService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ cart: CartService }>;

/** The cart: only its owner reaches it, admins included (customer routes: routes.ts guards them). */
export function shopRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { cart } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.addToCart),
      handler: async (request) => {
        const user = assertSelf(request, request.params.userId);
        return cart.addToCart(user.id, request.body.productId, request.body.count, request.body.variantId);
      },
    });

    app.route({
      ...routeOf(endpoints.getCart),
      handler: async (request, reply) => {
        const user = assertSelf(request, request.params.userId);
        return reply.send(await cart.getCart(user.id));
      },
    });

    app.route({
      ...routeOf(endpoints.removeFromCart),
      handler: async (request) => {
        const user = assertSelf(request, request.params.userId);
        return cart.removeFromCart(user.id, request.body.productId, request.body.all, request.body.variantId);
      },
    });

    app.route({
      ...routeOf(endpoints.clearCart),
      handler: async (request) => {
        const user = assertSelf(request, request.params.userId);
        return cart.clearCart(user.id);
      },
    });
  };
}
