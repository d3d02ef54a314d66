import type { AdminReview, Review } from '@urembo/contract/reviews';
import type { ReviewRecord } from './repository';

/** The public view of a review: the reviewer's name only, never their email. */
export function toReviewDto(row: ReviewRecord): Review {
  return {
    _id: row.id,
    user: { fullName: row.user_full_name },
    product: { _id: row.product_id, name: row.product_name, price: row.product_price },
    comment: row.comment,
    rating: row.rating,
    createdAt: row.created_at,
  };
}

/** The admin view adds the reviewer's email. */
export function toAdminReviewDto(row: ReviewRecord): AdminReview {
  const review = toReviewDto(row);
  return { ...review, user: { fullName: row.user_full_name, email: row.user_email } };
}
