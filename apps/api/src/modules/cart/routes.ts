import type { FastifyPluginAsync } from 'fastify';
import { addToCartBodySchema, removeFromCartBodySchema } from '@urembo/contract/orders';
import { parseInput } from '../../lib/validate';
import { assertSelf, requireUser } from '../auth/guards';
import type { AppContext } from '../../routes';
import { addToCart, clearCart, getCart, removeFromCart } from './service';

interface UserParams {
  Params: { userId: string };
}

/** The cart (API.md "Cart"): only its owner reaches it, admins included. */
export function shopRoutes({ db }: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireUser);

    app.post<UserParams>('/user/addToCart/:userId', async (request) => {
      const user = assertSelf(request, request.params.userId);
      const body = parseInput(addToCartBodySchema, request.body);
      return addToCart(db, user.id, body.productId, body.count);
    });

    app.get<UserParams>('/user/getCart/:userId', async (request, reply) => {
      const user = assertSelf(request, request.params.userId);
      return reply.header('cache-control', 'no-store').send(await getCart(db, user.id));
    });

    app.delete<UserParams>('/user/removeFromCart/:userId', async (request) => {
      const user = assertSelf(request, request.params.userId);
      const body = parseInput(removeFromCartBodySchema, request.body);
      return removeFromCart(db, user.id, body.productId, body.all);
    });

    app.delete<UserParams>('/user/clearCart/:userId', async (request) => {
      const user = assertSelf(request, request.params.userId);
      return clearCart(db, user.id);
    });
  };
}
