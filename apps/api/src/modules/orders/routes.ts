import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ADMIN_ORDER_FILTERS } from '@urembo/contract/dashboard';
import {
  pagingQuery,
  pathParams,
  PAGE_SIZES,
  collectionSchema,
  pagedSchema,
  oneOf,
  withMessage,
} from '@urembo/contract/common';
import {
  createOrderBodySchema,
  orderListQuerySchema,
  orderQuoteBodySchema,
  updateOrderStatusBodySchema,
  orderItemSchema,
  orderQuoteSchema,
  orderSchema,
  orderMessageSchema,
} from '@urembo/contract/orders';
import {
  IDEMPOTENCY_KEY_HEADER,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  ORDER_ITEMS_PAGE_SIZE,
} from '@urembo/contract/order-status';
import { badRequest, forbidden } from '../../lib/http-error';
import { assertSelf, currentUser, requireUser } from '../auth';
import type { RouteContext } from '../../lib/route-context';
import type { OrderMessenger } from './messages';
import type { OrderService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ orders: OrderService; orderMessages: OrderMessenger }>;

const ordersPaging = pagingQuery(PAGE_SIZES.adminOrders).extend({
  awaiting: oneOf('awaiting', ADMIN_ORDER_FILTERS).optional(),
});
const orderItemsPaging = pagingQuery(ORDER_ITEMS_PAGE_SIZE);

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible characters`);
  }
  return key;
}

/** Orders (API.md "Orders") plus the checkout quote (docs/api-additions-orders.md). */
export function shopRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  // Orders take and give back stock; OrderService clears the catalogue's cache when they do.
  const { orders } = ctx.services;
  return async (app) => {
    app.addHook('onRequest', requireUser);

    app.post(
      '/order/:userId',
      {
        schema: {
          response: { '2xx': orderSchema },
          params: pathParams('userId'),
          body: createOrderBodySchema,
        },
      },
      async (request, reply) => {
        const user = assertSelf(request, request.params.userId);
        const body = request.body;
        const key = idempotencyKeyOf(request);
        const { order, created } = await orders.createOrder(user, body, key);
        return reply.status(created ? 201 : 200).send(order);
      },
    );

    app.post(
      '/order/:userId/quote',
      {
        schema: {
          response: { 200: orderQuoteSchema },
          params: pathParams('userId'),
          body: orderQuoteBodySchema,
        },
      },
      async (request) => {
        assertSelf(request, request.params.userId);
        return orders.quoteOrder(request.body);
      },
    );

    app.get(
      '/order/user/:userId',
      {
        schema: {
          response: { 200: collectionSchema(orderSchema) },
          params: pathParams('userId'),
          querystring: orderListQuerySchema,
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (user.id !== request.params.userId && user.role !== 'admin') {
          throw forbidden('You can only reach your own account');
        }
        const { status } = request.query;
        const data = await orders.listOrdersOfUser(request.params.userId, status);
        return reply.header('cache-control', 'no-store').send({ data });
      },
    );

    app.get(
      '/order/:id',
      { schema: { response: { 200: orderSchema }, params: pathParams('id') } },
      async (request, reply) => {
        const order = await orders.getReadableOrder(request.params.id, currentUser(request));
        return reply.header('cache-control', 'no-store').send(order);
      },
    );

    app.post(
      '/order/:id/cancel',
      { schema: { response: { 200: withMessage(orderSchema) }, params: pathParams('id') } },
      async (request) => {
        const user = currentUser(request);
        const order = await orders.changeOrderStatus(
          request.params.id,
          { deliveryStatus: 'cancelled' },
          'customer',
          user.id,
        );
        return { ...order, message: 'Order cancelled' };
      },
    );
  };
}

/** The orders table, status changes, order messages and order lines (admin surface: routes.ts guards them). */
export function adminRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  const { orders } = ctx.services;
  // Order SMS go out in the background (queued by recordOrderEvent in the order's own transaction).
  const messenger = ctx.services.orderMessages;
  return async (app) => {
    app.get(
      '/order',
      { schema: { response: { 200: pagedSchema(orderSchema) }, querystring: ordersPaging } },
      async (request, reply) => {
        const { page, limit, awaiting } = request.query;
        return reply
          .header('cache-control', 'no-store')
          .send(await orders.listOrdersForAdmin(page, limit, awaiting));
      },
    );

    app.put(
      '/order/updateStatus/:id',
      {
        schema: {
          response: { 200: withMessage(orderSchema) },
          params: pathParams('id'),
          body: updateOrderStatusBodySchema,
        },
      },
      async (request) => {
        const change = request.body;
        const order = await orders.changeOrderStatus(request.params.id, change, 'admin');
        return { ...order, message: 'status updated' };
      },
    );

    app.get(
      '/order/:id/messages',
      { schema: { response: { 200: collectionSchema(orderMessageSchema) }, params: pathParams('id') } },
      async (request, reply) => {
        await orders.getReadableOrder(request.params.id, currentUser(request));
        return reply
          .header('cache-control', 'no-store')
          .send({ data: await messenger.ofOrder(request.params.id) });
      },
    );

    app.get(
      '/orderItem',
      { schema: { response: { 200: pagedSchema(orderItemSchema) }, querystring: orderItemsPaging } },
      async (request, reply) => {
        const { page, limit } = request.query;
        return reply
          .header('cache-control', 'no-store')
          .send(await orders.listOrderItemsForAdmin(page, limit));
      },
    );
  };
}
