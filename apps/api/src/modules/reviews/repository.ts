import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, ReviewsTable } from '../../db/schema';
import { toCount } from '../../db/sql-values';

type Db = Kysely<Database> | Transaction<Database>;

/** A review joined with what its JSON shows of the reviewer and the product. */
export interface ReviewRecord extends Pick<
  ReviewsTable,
  'id' | 'user_id' | 'product_id' | 'rating' | 'comment' | 'created_at'
> {
  user_full_name: string;
  user_email: string | null;
  product_name: string;
  product_price: number;
}

function selectReviews(db: Db) {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select([
      'reviews.id',
      'reviews.user_id',
      'reviews.product_id',
      'reviews.rating',
      'reviews.comment',
      'reviews.created_at',
      'users.full_name as user_full_name',
      'users.email as user_email',
      'products.name as product_name',
      'products.price as product_price',
    ]);
}

export function findReviewById(db: Db, id: string): Promise<ReviewRecord | undefined> {
  return selectReviews(db).where('reviews.id', '=', id).executeTakeFirst();
}

/** A product's reviews, newest first (index reviews_product_created_idx). */
export function listProductReviews(
  db: Db,
  productId: string,
  page: { limit: number; offset: number },
): Promise<ReviewRecord[]> {
  return selectReviews(db)
    .where('reviews.product_id', '=', productId)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Every review in the shop, newest first (index reviews_created_idx). */
export function listAllReviews(db: Db, page: { limit: number; offset: number }): Promise<ReviewRecord[]> {
  return selectReviews(db)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countReviews(db: Db, productId?: string): Promise<number> {
  let query = db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n'));
  if (productId) query = query.where('product_id', '=', productId);
  const row = await query.executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

/** The customer's reviews of some products (those of one of their orders, for the review page). */
export function listUserReviewsOfProducts(
  db: Db,
  userId: string,
  productIds: string[],
): Promise<ReviewRecord[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return selectReviews(db)
    .where('reviews.user_id', '=', userId)
    .where('reviews.product_id', 'in', productIds)
    .orderBy('reviews.created_at', 'desc')
    .execute();
}

export function findUserReviewId(db: Db, userId: string, productId: string): Promise<string | undefined> {
  return db
    .selectFrom('reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
    .then((row) => row?.id);
}

/** A product by id or slug: only what a review needs. */
export function findProductRef(db: Db, idOrSlug: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export async function insertReview(db: Db, row: Insertable<ReviewsTable>): Promise<void> {
  await db.insertInto('reviews').values(row).execute();
}

export async function updateReview(
  db: Db,
  id: string,
  changes: { comment?: string; rating?: number; updated_at: string },
): Promise<void> {
  await db.updateTable('reviews').set(changes).where('id', '=', id).execute();
}

export async function deleteReview(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reviews').where('id', '=', id).execute();
}

/** The count and sum of a product's review ratings. */
export async function ratingTotals(db: Db, productId: string): Promise<{ count: number; total: number }> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number | string | null>('rating').as('total')])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { count: toCount(row.n as string | number), total: Number(row.total ?? 0) };
}
