import type { Kysely } from 'kysely';
import type { CatalogueChange } from '../../lib/catalogue-changes';
import { paged, type Paged } from '@urembo/contract/common';
import { DUPLICATE_REVIEW_MESSAGE } from '@urembo/contract/review-rules';
import type {
  AdminReview,
  Review,
  createReviewBodySchema,
  updateReviewBodySchema,
} from '@urembo/contract/reviews';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso } from '../../db/sql-values';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import type { UserRow } from '../users';
import { toAdminReviewDto, toReviewDto } from './dto';
import { lockProductForRating, setProductRating } from '../catalogue';
import { hasPaidOrderWithProduct, orderOwnerId, productIdsOfOrder } from '../orders';
import * as repo from './repository';
import { recordAudit } from '../audit';

type CreateInput = z.output<typeof createReviewBodySchema>;
type UpdateInput = z.output<typeof updateReviewBodySchema>;
interface Paging {
  page: number;
  limit: number;
}

export const NOT_A_BUYER_MESSAGE =
  'Only verified buyers can review a product: it must be in one of your paid orders';

export interface ReviewDeps {
  db: Kysely<Database>;
  /**
   * Tells the catalogue's caches (on every process) that a product's rating and review count changed, once the
   * write's transaction has committed.
   */
  catalogueChanged: (change: CatalogueChange) => Promise<void>;
}

/** Reviews by verified buyers (one per customer and product) and the product ratings they make. */
export class ReviewService {
  constructor(private readonly deps: ReviewDeps) {}

  /** A product's reviews, newest first; an unknown product (id or slug) is a 404. */
  async listProductReviews(idOrSlug: string, paging: Paging): Promise<Paged<Review>> {
    const { db } = this.deps;
    const product = await repo.findProductRef(db, idOrSlug);
    if (!product) throw notFound('Product not found');
    const [rows, total] = await Promise.all([
      repo.listProductReviews(db, product.id, {
        limit: paging.limit,
        offset: (paging.page - 1) * paging.limit,
      }),
      repo.countReviews(db, product.id),
    ]);
    return paged(rows.map(toReviewDto), total, paging);
  }

  /** Every review, newest first, with the reviewer's email (admin). */
  async listAdminReviews(paging: Paging): Promise<Paged<AdminReview>> {
    const { db } = this.deps;
    const [rows, total] = await Promise.all([
      repo.listAllReviews(db, { limit: paging.limit, offset: (paging.page - 1) * paging.limit }),
      repo.countReviews(db),
    ]);
    return paged(rows.map(toAdminReviewDto), total, paging);
  }

  /** The caller's own reviews of the products of one of their orders; another customer's order does not exist. */
  async listMyOrderReviews(user: UserRow, orderId: string): Promise<Review[]> {
    const { db } = this.deps;
    if ((await orderOwnerId(db, orderId)) !== user.id) throw notFound('Order not found');
    const rows = await repo.listUserReviewsOfProducts(db, user.id, await productIdsOfOrder(db, orderId));
    return rows.map(toReviewDto);
  }

  /**
   * A verified buyer's review. The author is the signed-in customer; they need a PAID order with the product, and
   * may review it once (a concurrent second POST fails on the unique constraint and answers 409 too). The product's
   * rating and review count change in the same transaction.
   */
  async createReview(user: UserRow, input: CreateInput): Promise<Review> {
    const { db, catalogueChanged } = this.deps;
    try {
      const review = await db.transaction().execute(async (trx) => {
        const product = await repo.findProductRef(trx, input.productId);
        if (!product) throw notFound('Product not found');
        if (!(await hasPaidOrderWithProduct(trx, user.id, product.id))) throw forbidden(NOT_A_BUYER_MESSAGE);
        await lockProductForRating(trx, product.id);
        if (await repo.findUserReviewId(trx, user.id, product.id)) throw conflict(DUPLICATE_REVIEW_MESSAGE);
        const now = nowIso();
        const id = newId();
        await repo.insertReview(trx, {
          id,
          user_id: user.id,
          product_id: product.id,
          rating: input.rating,
          comment: input.comment,
          created_at: now,
          updated_at: now,
        });
        await setProductRating(trx, product.id, await repo.ratingTotals(trx, product.id));
        const row = await repo.findReviewById(trx, id);
        if (!row) throw new Error('review vanished inside its own transaction');
        return { dto: toReviewDto(row), productId: product.id };
      });
      await catalogueChanged({ kind: 'products', productIds: [review.productId], lists: false });
      return review.dto;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_REVIEW_MESSAGE);
      throw err;
    }
  }

  /** Only the author may edit their review (403 for anyone else, admins included: they may only delete). */
  async updateReview(user: UserRow, id: string, input: UpdateInput): Promise<Review> {
    const { db, catalogueChanged } = this.deps;
    const review = await db.transaction().execute(async (trx) => {
      const existing = await repo.findReviewById(trx, id);
      if (!existing) throw notFound('Review not found');
      if (existing.user_id !== user.id) throw forbidden('You can only edit your own review');
      await lockProductForRating(trx, existing.product_id);
      await repo.updateReview(trx, id, {
        ...(input.comment !== undefined ? { comment: input.comment } : {}),
        ...(input.rating !== undefined ? { rating: input.rating } : {}),
        updated_at: nowIso(),
      });
      await setProductRating(trx, existing.product_id, await repo.ratingTotals(trx, existing.product_id));
      const row = await repo.findReviewById(trx, id);
      if (!row) throw notFound('Review not found');
      return { dto: toReviewDto(row), productId: existing.product_id };
    });
    await catalogueChanged({ kind: 'products', productIds: [review.productId], lists: false });
    return review.dto;
  }

  /** Admin: removes a review and recomputes the product's rating. */
  async deleteReview(id: string, adminId: string): Promise<void> {
    const { db, catalogueChanged } = this.deps;
    const productId = await db.transaction().execute(async (trx) => {
      const existing = await repo.findReviewById(trx, id);
      if (!existing) throw notFound('Review not found');
      await lockProductForRating(trx, existing.product_id);
      await repo.deleteReview(trx, id);
      await setProductRating(trx, existing.product_id, await repo.ratingTotals(trx, existing.product_id));
      const comment = existing.comment.length > 40 ? `${existing.comment.slice(0, 39)}…` : existing.comment;
      await recordAudit(trx, {
        adminId,
        action: 'delete',
        entity: 'review',
        entityId: id,
        summary: `Deleted a ${existing.rating}-star review${comment ? ` ("${comment}")` : ''}`,
      });
      return existing.product_id;
    });
    await catalogueChanged({ kind: 'products', productIds: [productId], lists: false });
  }
}
