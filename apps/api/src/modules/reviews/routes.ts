import { reviewEndpoints as endpoints } from '@urembo/contract/endpoints/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser } from '../auth';
import type { RouteContext } from '../../lib/route-context';
import type { ReviewService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ reviews: ReviewService }>;

/** Reviews (plus GET /review/order/{orderId}: docs/api-additions-reviews.md). */
export function shopRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { reviews } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.listProductReviews),
      handler: async (request) => reviews.listProductReviews(request.params.productId, request.query),
    });

    app.route({
      ...routeOf(endpoints.listOrderReviews),
      handler: async (request) => ({
        data: await reviews.listMyOrderReviews(currentUser(request), request.params.orderId),
      }),
    });

    app.route({
      ...routeOf(endpoints.createReview),
      handler: async (request, reply) => {
        const review = await reviews.createReview(currentUser(request), request.body);
        return reply.status(201).send(review);
      },
    });

    app.route({
      ...routeOf(endpoints.updateReview),
      handler: async (request) => reviews.updateReview(currentUser(request), request.params.id, request.body),
    });
  };
}

/** Every review, and removing one (admin surface: routes.ts guards them). */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { reviews } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.listReviews),
      handler: async (request) => reviews.listAdminReviews(request.query),
    });

    app.route({
      ...routeOf(endpoints.deleteReview),
      handler: async (request) => {
        await reviews.deleteReview(request.params.id, currentUser(request).id);
        return { message: 'review deleted' };
      },
    });
  };
}
