import { z } from 'zod';
import { pagingQuery } from './common';
import { REVIEW_COMMENT_MAX, REVIEW_PAGE_SIZES, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './review-rules';

const RATING_MESSAGE = `rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`;

/** 0, 6, 4.5 and the string "5" are all refused: the client sends a JSON number. */
export const reviewRatingSchema = z
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(REVIEW_RATING_MIN, RATING_MESSAGE)
  .max(REVIEW_RATING_MAX, RATING_MESSAGE);

/** Plain text, trimmed; it is stored as given and always shown as text, never as HTML. */
export const reviewCommentSchema = z
  .string({ error: 'comment must be text' })
  .trim()
  .max(REVIEW_COMMENT_MAX, `comment must be at most ${REVIEW_COMMENT_MAX} characters`);

/** POST /review/: the author is always the signed-in customer (a `user`/`userId` in the body is ignored). */
export const createReviewBodySchema = z.object({
  productId: z
    .string({ error: 'productId is required' })
    .trim()
    .min(1, 'productId is required')
    .max(200, 'productId is too long'),
  comment: reviewCommentSchema.default(''),
  rating: reviewRatingSchema,
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

/** PUT /review/{id}: change the comment, the rating or both. */
export const updateReviewBodySchema = z
  .object({
    comment: reviewCommentSchema.optional(),
    rating: reviewRatingSchema.optional(),
  })
  .refine((body) => body.comment !== undefined || body.rating !== undefined, {
    message: 'Send a new comment or rating',
  });
export type UpdateReviewBody = z.input<typeof updateReviewBodySchema>;

export const productReviewsQuerySchema = pagingQuery(REVIEW_PAGE_SIZES.product);
export const adminReviewsQuerySchema = pagingQuery(REVIEW_PAGE_SIZES.admin);

/** A review as everyone sees it: no email. */
export const reviewSchema = z.object({
  _id: z.string(),
  user: z.object({ fullName: z.string() }),
  product: z.object({ _id: z.string(), name: z.string(), price: z.number().int() }),
  comment: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The admin list adds the reviewer's email (null for a phone-only account). */
export const adminReviewSchema = reviewSchema.extend({
  user: z.object({ fullName: z.string(), email: z.string().nullable() }),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
