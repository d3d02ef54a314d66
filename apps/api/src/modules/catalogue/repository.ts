import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CategoriesTable, Database, ProductImagesTable, ProductsTable } from '../../db/schema';
import { dialectOf } from '../../db/database';
import { fromFlag, toCount } from '../../db/sql-values';

export type Db = Kysely<Database> | Transaction<Database>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Omit<Selectable<ProductsTable>, 'variant_terms'> & { category_name: string | null };

export interface ProductFilter {
  /** Visitors see active products only. */
  activeOnly: boolean;
  categoryId?: string;
  /** The home page's list: featured OR new. */
  featuredOrNew?: boolean;
  /** One brand, exactly as stored (the service finds its spelling). */
  brand?: string;
  /** The admin table's search: name, brand or a variant's SKU contains it, in any case. */
  contains?: string;
}

/** `text` as a LIKE pattern matching itself anywhere: %, _ and the escape character lose their meaning. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
  'stock',
  'created_at',
  'updated_at',
  'brand',
  'expires_on',
  'registration',
  'ingredients',
  'options',
  'compare_at_price',
] as const satisfies readonly (keyof ProductsTable)[];

/*
 * The storefront's reads are written as SQL templates: Kysely's builder costs about 0.3 ms to build and compile
 * a 16-column select, ten times the query itself, and these run on every page view. Writes use the builder.
 */
const COLUMNS = sql.raw(PRODUCT_COLUMNS.map((c) => `p.${c}`).join(', '));
const FROM = sql`from products p left join categories c on c.id = p.category_id`;

function whereFilter(filter: ProductFilter) {
  const conditions = [];
  if (filter.activeOnly) conditions.push(sql`p.status = 'active'`);
  if (filter.categoryId !== undefined) conditions.push(sql`p.category_id = ${filter.categoryId}`);
  if (filter.brand !== undefined) conditions.push(sql`p.brand = ${filter.brand}`);
  if (filter.contains !== undefined) {
    const pattern = containsPattern(filter.contains);
    conditions.push(sql`(lower(p.name) like ${pattern} escape '\\'
      or lower(coalesce(p.brand, '')) like ${pattern} escape '\\'
      or exists (select 1 from product_variants v
                 where v.product_id = p.id and lower(v.sku) like ${pattern} escape '\\'))`);
  }
  // Written exactly as the partial index's predicate (migration 008) so the planner uses that index.
  if (filter.featuredOrNew) conditions.push(sql`(p.is_featured = 1 or p.is_new = 1)`);
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * One page, newest first (ties broken by id so pages never overlap). The page's ids come from the covering index
 * alone, then only those rows are read: a deep page (offset 50,000) skips index entries, not table rows.
 */
export async function listProducts(db: Db, filter: ProductFilter, paging: Paging): Promise<ProductRow[]> {
  const result = await sql<ProductRow>`
    select ${COLUMNS}, c.name as category_name
    from (
      select p.id from products p ${whereFilter(filter)}
      order by p.created_at desc, p.id desc
      limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}
    ) page
    join products p on p.id = page.id
    left join categories c on c.id = p.category_id
    order by p.created_at desc, p.id desc
  `.execute(db);
  return result.rows;
}

export async function countProducts(db: Db, filter: ProductFilter): Promise<number> {
  const result = await sql<{ n: number | string }>`
    select count(*) as n from products p ${whereFilter(filter)}
  `.execute(db);
  return toCount(result.rows[0]?.n);
}

/** By id or by slug (an id wins if a slug ever equals another product's id). */
export async function findProduct(db: Db, idOrSlug: string): Promise<ProductRow | undefined> {
  const result = await sql<ProductRow>`
    select ${COLUMNS}, c.name as category_name ${FROM}
    where p.id = ${idOrSlug} or p.slug = ${idOrSlug}
    order by case when p.id = ${idOrSlug} then 0 else 1 end
    limit 1
  `.execute(db);
  return result.rows[0];
}

/** Up to `limit` other active products of a category, newest first. */
export async function listRelatedProducts(
  db: Db,
  categoryId: string,
  excludeId: string | undefined,
  limit: number,
): Promise<ProductRow[]> {
  const result = await sql<ProductRow>`
    select ${COLUMNS}, c.name as category_name ${FROM}
    where p.category_id = ${categoryId} and p.status = 'active' and p.id <> ${excludeId ?? ''}
    order by p.created_at desc, p.id desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** The image hashes of each product, in display order (the catalogue, the cart and orders all read them here). */
export async function imageHashesFor(db: Db, productIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return out;
  const result = await sql<{ product_id: string; hash: string }>`
    select product_id, hash from product_images
    where product_id in (${sql.join(productIds)})
    order by product_id, position, id
  `.execute(db);
  for (const row of result.rows) out.get(row.product_id)?.push(row.hash);
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

export async function insertImages(db: Db, rows: Selectable<ProductImagesTable>[]): Promise<void> {
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
/* Brands */

/**
 * The stored spelling of a brand named in any case, or undefined when no product has it. Products share one
 * spelling: the first one saved (so "NIVEA" typed later files under "Nivea").
 */
export async function findBrandSpelling(db: Db, brand: string): Promise<string | undefined> {
  const wanted = brand.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!wanted) return undefined;
  const result = await sql<{ brand: string }>`
    select distinct p.brand from products p where p.brand is not null and lower(p.brand) = ${wanted}
    order by p.brand limit 1
  `.execute(db);
  if (result.rows[0]) return result.rows[0].brand;
  // lower() of SQLite folds only ASCII letters: compare the rest here (a shop has tens of brands, not thousands).
  const all = await sql<{ brand: string }>`
    select distinct p.brand from products p where p.brand is not null order by p.brand
  `.execute(db);
  return all.rows.find((r) => r.brand.toLowerCase() === wanted)?.brand;
}

/** The brands of active products with how many each has, A to Z. */
export async function listBrands(db: Db): Promise<{ brand: string; count: number }[]> {
  const result = await sql<{ brand: string; n: number | string }>`
    select p.brand as brand, count(*) as n from products p
    where p.status = 'active' and p.brand is not null
    group by p.brand
  `.execute(db);
  return result.rows
    .map((r) => ({ brand: r.brand, count: toCount(r.n) }))
    .sort((a, b) => a.brand.localeCompare(b.brand, 'en', { sensitivity: 'base' }));
}

/* Categories */

/** In the order the shop added them (the demo adds Skin Care and Make-up first), then by name. */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('created_at').orderBy('name').execute();
}

export function findCategoryById(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The category, read under its row lock for the rest of the transaction, so deleting it and a write naming it (a
 * product put in it, a discount code limited to it) run one after the other and each sees what the other did.
 * PostgreSQL: `update` (the delete) conflicts with `share` (the writers) and with the key-share lock a product's
 * foreign key takes. SQLite runs one transaction at a time (one connection), so the plain read is enough.
 */
export function findCategoryLocked(
  db: Transaction<Database>,
  id: string,
  mode: 'update' | 'share',
): Promise<CategoryRow | undefined> {
  const query = db.selectFrom('categories').selectAll().where('id', '=', id);
  if (dialectOf(db as unknown as Kysely<unknown>) !== 'postgres') return query.executeTakeFirst();
  return (mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
}

/** A category named in a URL: by id or by slug. */
export function findCategoryByIdOrSlug(db: Db, idOrSlug: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
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

/** How many products (active or not) a category holds. */
export async function countProductsInCategory(db: Db, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

/** The codes of the discount codes limited to a category (their `categories` JSON names it). */
export async function discountCodesNamingCategory(db: Db, categoryId: string): Promise<string[]> {
  const rows = await db.selectFrom('discounts').select(['code', 'categories']).execute();
  return rows.filter((r) => (JSON.parse(r.categories) as string[]).includes(categoryId)).map((r) => r.code);
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
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

export interface PricingProductRow {
  id: string;
  name: string;
  price: number;
  status: 'active' | 'inactive';
  stock: number | null;
  expires_on: string | null;
  category_id: string | null;
  /** Its first picture's hash, or null. */
  image_hash: string | null;
  /** Whether it is sold in variants (whose own rows price the lines). */
  has_variants: boolean;
}

/**
 * The products an order names, as the order prices its lines: each with its first picture and whether it has
 * variants, in one query.
 */
export async function findProductsForPricing(db: Db, ids: string[]): Promise<PricingProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'price', 'status', 'stock', 'expires_on', 'category_id'])
    .select((eb) => [
      eb
        .selectFrom('product_images')
        .select('product_images.hash')
        .whereRef('product_images.product_id', '=', 'products.id')
        .orderBy('product_images.position')
        .orderBy('product_images.id')
        .limit(1)
        .as('image_hash'),
      eb
        .exists(
          eb
            .selectFrom('product_variants')
            .select('product_variants.id')
            .whereRef('product_variants.product_id', '=', 'products.id'),
        )
        .as('has_variants'),
    ])
    .where('id', 'in', ids)
    .execute();
  // EXISTS is a boolean on PostgreSQL and 0 or 1 on SQLite.
  return rows.map((row) => ({
    ...row,
    image_hash: row.image_hash ?? null,
    has_variants: fromFlag(row.has_variants),
  }));
}

/** The stock of these products as it is now (for the caches after a stock move). */
export function stockOf(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'stock']).where('id', 'in', ids).execute();
}

/**
 * Adds `change` (negative to take off) to a tracked stock in one statement, never below zero. Answers the new stock,
 * or undefined when the product is missing, not tracked, or has fewer units than a negative change takes.
 */
export async function adjustStock(
  db: Db,
  id: string,
  change: number,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', change), updated_at: now }))
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .where((eb) => eb(eb('stock', '+', change), '>=', 0))
    .returning('stock')
    .executeTakeFirst();
  return row?.stock ?? undefined;
}

/** Tracked products at or below `max` units, fewest first. */
export async function listLowStockProducts(db: Db, max: number, limit: number): Promise<ProductRow[]> {
  const result = await sql<ProductRow>`
    select ${COLUMNS}, c.name as category_name ${FROM}
    where p.stock is not null and p.stock <= ${max}
    order by p.stock, p.name, p.id
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** Products whose best-before month is `lastMonth` or earlier (expired ones too), soonest first. */
export async function listProductsExpiringBy(
  db: Db,
  lastMonth: string,
  limit: number,
): Promise<ProductRow[]> {
  const result = await sql<ProductRow>`
    select ${COLUMNS}, c.name as category_name ${FROM}
    where p.expires_on is not null and p.expires_on <= ${lastMonth}
    order by p.expires_on, p.name, p.id
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/* ---- written for other features (the catalogue owns the products table) ---- */

/**
 * Takes the product row's write lock for the rest of the transaction (a no-op update works on both dialects), so
 * concurrent writes to one product's reviews run one after another and each recomputes the rating from every
 * committed review. Returns false when the product does not exist.
 */
export async function lockProductForRating(trx: Transaction<Database>, productId: string): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ review_count: eb.ref('review_count') }))
    .where('id', '=', productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Stores a product's rating from its reviews' count and sum: the average to one decimal, null with no reviews
 * (the product JSON shows 5). Run in the transaction that changed the reviews, after lockProductForRating.
 */
export async function setProductRating(
  trx: Transaction<Database>,
  productId: string,
  { count, total }: { count: number; total: number },
): Promise<void> {
  await trx
    .updateTable('products')
    .set({ review_count: count, rating: count === 0 ? null : Math.round((total * 10) / count) / 10 })
    .where('id', '=', productId)
    .execute();
}

/**
 * Takes `count` units of a product in one conditional statement (the row lock on PostgreSQL and the single writer
 * on SQLite make it safe under any concurrency). Answers what happened: taken, the product does not track stock,
 * or how many are left when that is fewer than `count`.
 */
export async function takeStock(
  db: Db,
  productId: string,
  count: number,
): Promise<{ taken: true; left: number } | { taken: false; left: number | null }> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', count) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .where('stock', '>=', count)
    .returning('stock')
    .executeTakeFirst();
  if (row) return { taken: true, left: Number(row.stock) };
  const now = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return { taken: false, left: now?.stock ?? null };
}

/** Puts `count` units back on a product that still tracks stock (an order's line given back). */
export async function giveBackStock(db: Db, productId: string, count: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', count) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .execute();
}
