import type { FastifyPluginAsync } from 'fastify';
import {
  adminReviewsQuerySchema,
  createReviewBodySchema,
  productReviewsQuerySchema,
  updateReviewBodySchema,
} from '@urembo/contract/reviews';
import { z } from 'zod';
import { parseInput } from '../../lib/validate';
import { currentUser, requireUser } from '../auth/guards';
import type { AppContext } from '../../routes';
import * as service from './service';

const idParams = z.object({ id: z.string().min(1).max(200) });
const productParams = z.object({ productId: z.string().min(1).max(200) });
const orderParams = z.object({ orderId: z.string().min(1).max(200) });

/** Reviews (API.md "Reviews", plus GET /review/order/{orderId}: docs/api-additions-reviews.md). */
export function shopRoutes({ db, caches }: AppContext): FastifyPluginAsync {
  const writes = { db, catalogueCache: caches.catalogue };
  return async (app) => {
    app.get('/review/product/:productId', async (request) => {
      const { productId } = parseInput(productParams, request.params);
      const paging = parseInput(productReviewsQuerySchema, request.query);
      return service.listProductReviews(db, productId, paging);
    });

    app.get('/review/order/:orderId', { onRequest: requireUser }, async (request) => {
      const { orderId } = parseInput(orderParams, request.params);
      return { data: await service.listMyOrderReviews(db, currentUser(request), orderId) };
    });

    app.post('/review', { onRequest: requireUser }, async (request, reply) => {
      const body = parseInput(createReviewBodySchema, request.body);
      const review = await service.createReview(writes, currentUser(request), body);
      return reply.status(201).send(review);
    });

    app.put('/review/:id', { onRequest: requireUser }, async (request) => {
      const { id } = parseInput(idParams, request.params);
      const body = parseInput(updateReviewBodySchema, request.body);
      return service.updateReview(writes, currentUser(request), id, body);
    });
  };
}

/** Every review, and removing one (admin surface: routes.ts guards them). */
export function adminRoutes({ db, caches }: AppContext): FastifyPluginAsync {
  const writes = { db, catalogueCache: caches.catalogue };
  return async (app) => {
    app.get('/review', async (request) => {
      const paging = parseInput(adminReviewsQuerySchema, request.query);
      return service.listAdminReviews(db, paging);
    });

    app.delete('/review/:id', async (request) => {
      const { id } = parseInput(idParams, request.params);
      await service.deleteReview(writes, id);
      return { message: 'review deleted' };
    });
  };
}
