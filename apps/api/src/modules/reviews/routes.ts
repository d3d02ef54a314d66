import { collectionSchema, pagedSchema } from '@urembo/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewsQuerySchema,
  createReviewBodySchema,
  productReviewsQuerySchema,
  updateReviewBodySchema,
  adminReviewSchema,
  reviewSchema,
} from '@urembo/contract/reviews';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/guards';
import type { AppContext } from '../../routes';
import * as service from './service';

const idParams = z.object({ id: z.string().min(1).max(200) });
const productParams = z.object({ productId: z.string().min(1).max(200) });
const orderParams = z.object({ orderId: z.string().min(1).max(200) });

/** Reviews (API.md "Reviews", plus GET /review/order/{orderId}: docs/api-additions-reviews.md). */
export function shopRoutes({ db, caches }: AppContext): FastifyPluginAsyncZod {
  const writes = { db, catalogueCache: caches.catalogue };
  return async (app) => {
    app.get(
      '/review/product/:productId',
      {
        schema: {
          response: { 200: pagedSchema(reviewSchema) },
          params: productParams,
          querystring: productReviewsQuerySchema,
        },
      },
      async (request) => {
        const { productId } = request.params;
        const paging = request.query;
        return service.listProductReviews(db, productId, paging);
      },
    );

    app.get(
      '/review/order/:orderId',
      {
        schema: { response: { 200: collectionSchema(reviewSchema) }, params: orderParams },
        onRequest: requireUser,
      },
      async (request) => {
        const { orderId } = request.params;
        return { data: await service.listMyOrderReviews(db, currentUser(request), orderId) };
      },
    );

    app.post(
      '/review',
      { schema: { response: { 201: reviewSchema }, body: createReviewBodySchema }, onRequest: requireUser },
      async (request, reply) => {
        const body = request.body;
        const review = await service.createReview(writes, currentUser(request), body);
        return reply.status(201).send(review);
      },
    );

    app.put(
      '/review/:id',
      {
        schema: { response: { 200: reviewSchema }, params: idParams, body: updateReviewBodySchema },
        onRequest: requireUser,
      },
      async (request) => {
        const { id } = request.params;
        const body = request.body;
        return service.updateReview(writes, currentUser(request), id, body);
      },
    );
  };
}

/** Every review, and removing one (admin surface: routes.ts guards them). */
export function adminRoutes({ db, caches }: AppContext): FastifyPluginAsyncZod {
  const writes = { db, catalogueCache: caches.catalogue };
  return async (app) => {
    app.get(
      '/review',
      { schema: { response: { 200: pagedSchema(adminReviewSchema) }, querystring: adminReviewsQuerySchema } },
      async (request) => {
        const paging = request.query;
        return service.listAdminReviews(db, paging);
      },
    );

    app.delete('/review/:id', { schema: { params: idParams } }, async (request) => {
      const { id } = request.params;
      await service.deleteReview(writes, id);
      return { message: 'review deleted' };
    });
  };
}
