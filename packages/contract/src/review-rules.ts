/*
 * Review constants without Zod, so the storefront's review screens can use them without downloading the schema
 * library (reviews.ts holds the schemas; the server and any form that validates import those).
 */

/** Stars: whole numbers only. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 1000;

/** Page sizes: a product page shows reviews 10 at a time ("Show more reviews"); the admin table 25 per page. */
export const REVIEW_PAGE_SIZES = { product: 10, admin: 25 } as const;

/** The message POST /review/ answers with 409. */
export const DUPLICATE_REVIEW_MESSAGE = 'You have already reviewed this product; edit your review instead';
