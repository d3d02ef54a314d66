import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeySchema,
  orderEndpoints as endpoints,
} from '@urembo/contract/endpoints/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@urembo/contract/order-status';
import { routeOf } from '../../lib/endpoint-route';
import { badRequest, forbidden } from '../../lib/http-error';
import { assertSelf, currentUser, mayRead } from '../auth';
import type { RouteContext } from '../../lib/route-context';
import type { OrderMessenger } from './messages';
import type { OrderService } from './service';
import { whatsappWebhookRoutes } from './whatsapp-webhook';

/** What these routes use of the app. */
type Ctx = RouteContext<{ orders: OrderService; orderMessages: OrderMessenger }>;

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw badRequest(IDEMPOTENCY_KEY_MESSAGE);
  return parsed.data;
}

/** Orders plus the checkout quote (docs/api-additions-orders.md): customer routes, guarded by routes.ts. */
export function shopRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  // Orders take and give back stock; OrderService clears the catalogue's cache when they do.
  const { orders } = ctx.services;
  return async (app) => {
    await app.register(whatsappWebhookRoutes(ctx));
    app.route({
      ...routeOf(endpoints.createOrder),
      handler: async (request, reply) => {
        const user = assertSelf(request, request.params.id);
        const key = idempotencyKeyOf(request);
        const { order, created } = await orders.createOrder(user, request.body, key);
        return reply.status(created ? 201 : 200).send(order);
      },
    });

    app.route({
      ...routeOf(endpoints.quoteOrder),
      handler: async (request) => {
        const user = assertSelf(request, request.params.userId);
        return orders.quoteOrder(user, request.body);
      },
    });

    app.route({
      ...routeOf(endpoints.listUserOrders),
      handler: async (request, reply) => {
        const user = currentUser(request);
        if (!mayRead(user, request.params.userId)) {
          throw forbidden('You can only reach your own account');
        }
        const data = await orders.listOrdersOfUser(
          request.params.userId,
          request.query.status,
          request.query.awaiting,
        );
        return reply.send({ data });
      },
    });

    app.route({
      ...routeOf(endpoints.getOrder),
      handler: async (request, reply) => {
        const order = await orders.getReadableOrder(request.params.id, currentUser(request));
        return reply.send(order);
      },
    });

    app.route({
      ...routeOf(endpoints.cancelOrder),
      handler: async (request) => {
        const user = currentUser(request);
        const order = await orders.changeOrderStatus(
          request.params.id,
          { deliveryStatus: 'cancelled' },
          'customer',
          { ownerId: user.id },
        );
        return { ...order, message: 'Order cancelled' };
      },
    });
  };
}

/** The orders table, status changes, order messages and order lines (admin surface: routes.ts guards them). */
export function adminRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  const { orders } = ctx.services;
  // Order SMS go out in the background (queued by recordOrderEvent in the order's own transaction).
  const messenger = ctx.services.orderMessages;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.listOrders),
      handler: async (request, reply) => {
        const { page, limit, awaiting } = request.query;
        return reply.send(await orders.listOrdersForAdmin(page, limit, awaiting));
      },
    });

    app.route({
      ...routeOf(endpoints.updateOrderStatus),
      handler: async (request) => {
        const order = await orders.changeOrderStatus(request.params.id, request.body, 'admin', {
          adminId: currentUser(request).id,
        });
        return { ...order, message: 'status updated' };
      },
    });

    app.route({
      ...routeOf(endpoints.listOrderMessages),
      handler: async (request, reply) => {
        await orders.getReadableOrder(request.params.id, currentUser(request));
        return reply.send({ data: await messenger.ofOrder(request.params.id) });
      },
    });

    app.route({
      ...routeOf(endpoints.listOrderItems),
      handler: async (request, reply) => {
        const { page, limit } = request.query;
        return reply.send(await orders.listOrderItemsForAdmin(page, limit));
      },
    });
  };
}
