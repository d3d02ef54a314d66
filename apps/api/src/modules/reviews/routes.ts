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
import { currentUser, requireUser } from '../auth';
import type { RouteContext } from '../../lib/route-context';
import type { ReviewService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ reviews: ReviewService }>;

const idParams = z.object({ id: z.string().min(1).max(200) });
const productParams = z.object({ productId: z.string().min(1).max(200) });
const orderParams = z.object({ orderId: z.string().min(1).max(200) });

/** Reviews (API.md "Reviews", plus GET /review/order/{orderId}: docs/api-additions-reviews.md). */
export function shopRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { reviews } = services;
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
        return reviews.listProductReviews(productId, paging);
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
        return { data: await reviews.listMyOrderReviews(currentUser(request), orderId) };
      },
    );

    app.post(
      '/review',
      { schema: { response: { 201: reviewSchema }, body: createReviewBodySchema }, onRequest: requireUser },
      async (request, reply) => {
        const body = request.body;
        const review = await reviews.createReview(currentUser(request), body);
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
        return reviews.updateReview(currentUser(request), id, body);
      },
    );
  };
}

/** Every review, and removing one (admin surface: routes.ts guards them). */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { reviews } = services;
  return async (app) => {
    app.get(
      '/review',
      { schema: { response: { 200: pagedSchema(adminReviewSchema) }, querystring: adminReviewsQuerySchema } },
      async (request) => {
        const paging = request.query;
        return reviews.listAdminReviews(paging);
      },
    );

    app.delete('/review/:id', { schema: { params: idParams } }, async (request) => {
      const { id } = request.params;
      await reviews.deleteReview(id);
      return { message: 'review deleted' };
    });
  };
}
