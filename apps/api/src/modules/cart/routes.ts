import { pathParams } from '@urembo/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCartBodySchema, removeFromCartBodySchema } from '@urembo/contract/orders';
import { assertSelf, requireUser } from '../auth';
import type { RouteContext } from '../../lib/route-context';
import type { CartService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ cart: CartService }>;

/** The cart (API.md "Cart"): only its owner reaches it, admins included. */
export function shopRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { cart } = services;
  return async (app) => {
    app.addHook('onRequest', requireUser);

    app.post(
      '/user/addToCart/:userId',
      { schema: { params: pathParams('userId'), body: addToCartBodySchema } },
      async (request) => {
        const user = assertSelf(request, request.params.userId);
        const body = request.body;
        return cart.addToCart(user.id, body.productId, body.count);
      },
    );

    app.get('/user/getCart/:userId', { schema: { params: pathParams('userId') } }, async (request, reply) => {
      const user = assertSelf(request, request.params.userId);
      return reply.header('cache-control', 'no-store').send(await cart.getCart(user.id));
    });

    app.delete(
      '/user/removeFromCart/:userId',
      { schema: { params: pathParams('userId'), body: removeFromCartBodySchema } },
      async (request) => {
        const user = assertSelf(request, request.params.userId);
        const body = request.body;
        return cart.removeFromCart(user.id, body.productId, body.all);
      },
    );

    app.delete('/user/clearCart/:userId', { schema: { params: pathParams('userId') } }, async (request) => {
      const user = assertSelf(request, request.params.userId);
      return cart.clearCart(user.id);
    });
  };
}
