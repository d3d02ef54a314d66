import { z } from 'zod';
import { reviewRoutes } from '../routes/reviews';
import { collectionSchema, messageSchema, pagedSchema } from '../common';
import { defineEndpoints } from '../endpoint';
import {
  adminReviewSchema,
  adminReviewsQuerySchema,
  createReviewBodySchema,
  productReviewsQuerySchema,
  reviewSchema,
  updateReviewBodySchema,
} from '../reviews';

const id = z.string().min(1).max(200);

export const reviewEndpoints = defineEndpoints(reviewRoutes, {
  listProductReviews: {
    summary: "A product's reviews, newest first",
    description: 'By product id or slug, 10 a page by default. Public: no reviewer emails.',
    access: 'public',
    params: z.object({ productId: id }),
    query: productReviewsQuerySchema,
    responses: { 200: pagedSchema(reviewSchema) },
    errors: [400, 404],
  },
  listOrderReviews: {
    summary: "The caller's reviews of the products of one of their orders",
    description: "Another customer's order is not found.",
    access: 'customer',
    params: z.object({ orderId: id }),
    responses: { 200: collectionSchema(reviewSchema) },
    errors: [400, 404],
  },
  createReview: {
    summary: 'Review a product the caller has bought',
    description:
      'Only with a paid order containing the product (403 otherwise), once per product (409: edit it instead). ' +
      "The product's rating and review count change in the same transaction.",
    access: 'customer',
    body: createReviewBodySchema,
    responses: { 201: reviewSchema },
    errors: [403, 404, 409],
  },
  updateReview: {
    summary: "Change the caller's own review (comment, rating or both)",
    access: 'customer',
    params: z.object({ id }),
    body: updateReviewBodySchema,
    responses: { 200: reviewSchema },
    errors: [403, 404],
  },
  listReviews: {
    summary: 'Every review, newest first, with reviewer emails',
    description: '25 a page by default.',
    access: 'admin',
    query: adminReviewsQuerySchema,
    responses: { 200: pagedSchema(adminReviewSchema) },
  },
  deleteReview: {
    summary: "Remove a review (the product's rating is recomputed)",
    access: 'admin',
    params: z.object({ id }),
    responses: { 200: messageSchema },
    errors: [404],
  },
});
