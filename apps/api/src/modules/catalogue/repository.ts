import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CategoriesTable, Database, ProductsTable } from '../../db/schema';
import { toCount } from '../../db/sql-values';

export type Db = Kysely<Database> | Transaction<Database>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable> & { category_name: string | null };

export interface ProductFilter {
  /** Visitors see active products only. */
  activeOnly: boolean;
  categoryId?: string;
  /** The home page's list: featured OR new. */
  featuredOrNew?: boolean;
}

export interface Paging {
  page: number;
  limit: number;
}

/** Every products column the API uses (not PostgreSQL's search_vector, which is large and internal). */
export const PRODUCT_COLUMNS = [
  'id',
  'slug',
  'name',
  'price',
  'description',
  'usage',
  'status',
  'tags',
  'is_featured',
  'is_new',
  'category_id',
  'rating',
  'review_count',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ProductsTable)[];

function selectProducts(db: Db) {
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(PRODUCT_COLUMNS.map((c) => `p.${c}` as const))
    .select('c.name as category_name');
}

function applyFilter<QB extends ReturnType<typeof selectProducts>>(qb: QB, filter: ProductFilter): QB {
  let q = qb;
  if (filter.activeOnly) q = q.where('p.status', '=', 'active') as QB;
  if (filter.categoryId !== undefined) q = q.where('p.category_id', '=', filter.categoryId) as QB;
  // Written exactly as the partial index's predicate (migration 020) so the planner uses that index.
  if (filter.featuredOrNew) q = q.where(sql<boolean>`(p.is_featured = 1 or p.is_new = 1)`) as QB;
  return q;
}

/** One page, newest first (ties broken by id so pages never overlap). */
export function listProducts(db: Db, filter: ProductFilter, paging: Paging): Promise<ProductRow[]> {
  return applyFilter(selectProducts(db), filter)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
}

export async function countProducts(db: Db, filter: ProductFilter): Promise<number> {
  let q = db.selectFrom('products as p').select((eb) => eb.fn.countAll().as('n'));
  if (filter.activeOnly) q = q.where('p.status', '=', 'active');
  if (filter.categoryId !== undefined) q = q.where('p.category_id', '=', filter.categoryId);
  if (filter.featuredOrNew) q = q.where(sql<boolean>`(p.is_featured = 1 or p.is_new = 1)`);
  const row = await q.executeTakeFirst();
  return toCount(row?.n as number | string | undefined);
}

/** By id first, then by slug. */
export async function findProduct(db: Db, idOrSlug: string): Promise<ProductRow | undefined> {
  return (
    (await selectProducts(db).where('p.id', '=', idOrSlug).executeTakeFirst()) ??
    (await selectProducts(db).where('p.slug', '=', idOrSlug).executeTakeFirst())
  );
}

export function findProductsByIds(db: Db, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProducts(db).where('p.id', 'in', ids).execute();
}

/** Up to `limit` other active products of a category, featured first, then newest. */
export function listRelatedProducts(
  db: Db,
  categoryId: string,
  excludeId: string | undefined,
  limit: number,
): Promise<ProductRow[]> {
  let q = selectProducts(db).where('p.category_id', '=', categoryId).where('p.status', '=', 'active');
  if (excludeId) q = q.where('p.id', '!=', excludeId);
  return q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
}

/** The image hashes of each product, in display order. */
export async function imageHashesFor(db: Db, productIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'hash'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const row of rows) out.get(row.product_id)?.push(row.hash);
  return out;
}

export async function slugsStartingWith(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base.replace(/[%_]/g, '')}-%`)]))
    .execute();
  return rows.map((r) => r.slug);
}

export async function insertProduct(db: Db, row: Selectable<ProductsTable>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function updateProduct(
  db: Db,
  id: string,
  changes: Partial<Omit<Selectable<ProductsTable>, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
}

export async function deleteProduct(db: Db, id: string): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

export async function productImages(db: Db, productId: string) {
  return db
    .selectFrom('product_images')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
}

export async function insertImages(
  db: Db,
  rows: {
    id: string;
    product_id: string;
    hash: string;
    position: number;
    width: number;
    height: number;
    created_at: string;
  }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('product_images').values(rows).execute();
}

export async function deleteProductImages(db: Db, productId: string, hash?: string): Promise<number> {
  let q = db.deleteFrom('product_images').where('product_id', '=', productId);
  if (hash) q = q.where('hash', '=', hash);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether anything still shows a picture: another product's image, or an order line's snapshot (a past order
 * keeps its picture after the product is deleted).
 */
export async function imageHashInUse(db: Db, hash: string): Promise<boolean> {
  const image = await db
    .selectFrom('product_images')
    .select('id')
    .where('hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  if (image) return true;
  const line = await db
    .selectFrom('order_items')
    .select('id')
    .where('image', 'like', `%/images/${hash}-%`)
    .limit(1)
    .executeTakeFirst();
  return !!line;
}

/* Categories */

/** In the order the shop added them (the demo adds Skin Care and Make-up first), then by name. */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('created_at').orderBy('name').execute();
}

export function findCategoryById(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Case-insensitive, so "skin care" and "Skin Care" are one category. */
export function findCategoryByName(db: Db, name: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function categorySlugsStartingWith(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base.replace(/[%_]/g, '')}-%`)]))
    .execute();
  return rows.map((r) => r.slug);
}

export async function insertCategory(db: Db, row: CategoryRow): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(
  db: Db,
  id: string,
  changes: Partial<Pick<CategoryRow, 'name' | 'description' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

/** For the sitemap: every active product's slug and last change. */
export function listActiveProductSlugs(db: Db) {
  return db
    .selectFrom('products')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'active')
    .orderBy('created_at', 'desc')
    .execute();
}

export function nextImagePosition(images: { position: number }[]): number {
  return images.reduce((max, i) => Math.max(max, i.position), -1) + 1;
}
