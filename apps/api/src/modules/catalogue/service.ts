import type { Kysely, Transaction } from 'kysely';
import { paged, type Paged } from '@urembo/contract/common';
import { IMAGE_LIMITS } from '@urembo/contract/images';
import { bannedIngredientMessage, findBannedIngredient } from '@urembo/contract/product-facts';
import {
  type BrandCount,
  type Category,
  type Product,
  type ProductCreate,
  type ProductUpdate,
  type SearchResult,
} from '@urembo/contract/catalogue';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso, toFlag } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { toCategoryDto, toProductDto } from './dto';
import { hashFromImageUrl, type ImageStore, type PreparedImage } from './images';
import * as repo from './repository';
import { loadLexicon, searchProducts, searchTokens, type Lexicon } from './search';
import { SearchSynonyms } from './synonyms';
import type { CatalogueChange } from '../../lib/catalogue-changes';
import type { ShortCache } from '../../lib/short-cache';
import { nextFreeSlug, slugify } from './slugs';
import { changeOf, changesSummary, recordAudit } from '../audit';
import { productChangeSummary, productCreatedSummary } from './audit-summary';
import {
  checkVariants,
  clearVariantImage,
  listLowStockVariants,
  parseOptions,
  parseVariantOptions,
  replaceVariants,
  variantsFor,
  variantTerms,
  type CheckedVariant,
  type VariantRow,
} from './variants';

export const RELATED_LIMIT = 8;

export interface CatalogueDeps {
  db: Kysely<Database>;
  images: ImageStore;
  /** The app's catalogue cache: list totals and products. API answers are kept as bytes in `caches.answers`. */
  cache: ShortCache;
  /** Tells every cache on every process what a write here changed (`AppCaches.changed`). */
  changed: (change: CatalogueChange) => Promise<void>;
}

/** Product fields that decide which lists and searches hold a product (not only how it shows in them). */
const LISTED_BY = [
  'name',
  'description',
  'usage',
  'status',
  'tags',
  'isFeatured',
  'isProductNew',
  'category',
  // Search finds a product by its brand.
  'brand',
] as const;

/**
 * The catalogue's rules: what visitors may see (active products only), slugs, images (validated, stored by
 * content, at most 8 per product, files removed when nothing uses them) and categories.
 */
export class CatalogueService {
  /** The search synonyms admins keep. */
  readonly synonyms: SearchSynonyms;

  constructor(private readonly deps: CatalogueDeps) {
    this.synonyms = new SearchSynonyms(deps);
  }

  private get db() {
    return this.deps.db;
  }

  get images(): ImageStore {
    return this.deps.images;
  }

  async toProducts(rows: repo.ProductRow[]): Promise<Product[]> {
    const ids = rows.map((r) => r.id);
    const [hashes, variants] = await Promise.all([
      repo.imageHashesFor(this.db, ids),
      variantsFor(this.db, ids),
    ]);
    return rows.map((row) => toProductDto(row, hashes.get(row.id) ?? [], variants.get(row.id) ?? []));
  }

  /**
   * A page of a list. The count of a list is remembered (every page of it needs it); the pages themselves are kept
   * as the bytes the API sends (lib/answer-cache.ts), not here as well.
   */
  private async listPage(filter: repo.ProductFilter, paging: repo.Paging): Promise<Paged<Product>> {
    const key = `count:${filter.activeOnly ? 'active' : 'all'}:${filter.categoryId ?? '*'}:${filter.featuredOrNew ? 'fn' : ''}:${filter.brand ?? '*'}`;
    const [total, rows] = await Promise.all([
      // A search's count is the admin's question of the moment: counted each time, never kept.
      filter.contains !== undefined
        ? repo.countProducts(this.db, filter)
        : this.deps.cache.get(key, () => repo.countProducts(this.db, filter)),
      repo.listProducts(this.db, filter, paging),
    ]);
    return paged(await this.toProducts(rows), total, paging);
  }

  featuredAndNew(paging: repo.Paging): Promise<Paged<Product>> {
    return this.listPage({ activeOnly: true, featuredOrNew: true }, paging);
  }

  /**
   * The shop list; `category` is a category id or slug, `brand` a brand in any case (an unknown one of either lists
   * nothing).
   */
  async list(
    query: repo.Paging & {
      category?: string | undefined;
      brand?: string | undefined;
      /** The admin table's search (name, brand or SKU contains it); never cached. */
      q?: string | undefined;
      includeInactive: boolean;
    },
  ): Promise<Paged<Product>> {
    let categoryId: string | undefined;
    if (query.category) {
      const category = await repo.findCategoryByIdOrSlug(this.db, query.category);
      if (!category) return paged([], 0, query);
      categoryId = category.id;
    }
    let brand: string | undefined;
    if (query.brand) {
      const found = await repo.findBrandSpelling(this.db, query.brand);
      if (!found) return paged([], 0, query);
      brand = found;
    }
    const contains = query.q || undefined;
    return this.listPage({ activeOnly: !query.includeInactive, categoryId, brand, contains }, query);
  }

  /** The brands of active products, A to Z (the shop page's filter). */
  brands(): Promise<BrandCount[]> {
    return repo.listBrands(this.db);
  }

  /** One page of search results (the API keeps the answer's bytes: lib/answer-cache.ts). */
  async search(term: string, paging: repo.Paging): Promise<SearchResult> {
    const shown = term.trim();
    if (searchTokens(shown).length === 0) {
      return { ...paged<Product>([], 0, paging), message: `No products found for "${shown}"` };
    }
    const lexicon = () => this.deps.cache.get<Lexicon>('search:lexicon', () => loadLexicon(this.db));
    const { rows, total } = await searchProducts(this.db, shown, paging, lexicon);
    const message =
      total === 0
        ? `No products found for "${shown}"`
        : `Found ${total} ${total === 1 ? 'product' : 'products'} for "${shown}"`;
    return { ...paged(await this.toProducts(rows), total, paging), message };
  }

  /** Any product, active or not (an inactive one's page says it is unavailable); null when there is none. */
  find(idOrSlug: string): Promise<Product | null> {
    return this.deps.cache.get(`product:${idOrSlug}`, async () => {
      const row = await repo.findProduct(this.db, idOrSlug);
      if (!row) return null;
      const [product] = await this.toProducts([row]);
      return product!;
    });
  }

  async get(idOrSlug: string): Promise<Product> {
    const product = await this.find(idOrSlug);
    if (!product) throw notFound('Product not found');
    return product;
  }

  async related(categoryId: string, excludeId: string | undefined): Promise<Product[]> {
    const rows = await repo.listRelatedProducts(this.db, categoryId, excludeId, RELATED_LIMIT);
    return this.toProducts(rows);
  }

  /* Admin: products */

  /**
   * 400 unless the category exists. In the write's transaction (`trx`) it is read under a share lock, so a category
   * deleted meanwhile is found gone here rather than by the foreign key (see repo.findCategoryLocked).
   */
  private async assertCategory(
    categoryId: string | null | undefined,
    trx?: Transaction<Database>,
  ): Promise<void> {
    if (!categoryId) return;
    const found = trx
      ? await repo.findCategoryLocked(trx, categoryId, 'share')
      : await repo.findCategoryById(this.db, categoryId);
    if (!found) {
      throw badRequest('category: Category not found', [{ path: 'category', message: 'Category not found' }]);
    }
  }

  /** Decodes and checks new images, skipping ones the product already has and repeats within the upload. */
  private async prepareImages(dataUrls: string[], existing: Set<string>): Promise<PreparedImage[]> {
    const prepared: PreparedImage[] = [];
    const seen = new Set(existing);
    for (const [i, value] of dataUrls.entries()) {
      const label = `Image ${i + 1}`;
      const knownHash = value.startsWith('data:') ? null : hashFromImageUrl(value);
      if (knownHash && existing.has(knownHash)) continue; // an image the product already has, sent back
      if (!value.startsWith('data:')) {
        throw badRequest(`${label} must be a base64 data URL (data:image/jpeg;base64,...)`);
      }
      const image = await this.deps.images.prepareUpload(value, label);
      if (seen.has(image.hash)) continue;
      seen.add(image.hash);
      prepared.push(image);
    }
    const total = existing.size + prepared.length;
    if (total > IMAGE_LIMITS.perProduct) {
      throw badRequest(
        existing.size > 0
          ? `A product can have at most ${IMAGE_LIMITS.perProduct} images (it has ${existing.size}; ${prepared.length} more would make ${total})`
          : `A product can have at most ${IMAGE_LIMITS.perProduct} images`,
      );
    }
    try {
      for (const [i, image] of prepared.entries()) await this.deps.images.store(image, `Image ${i + 1}`);
    } catch (err) {
      await this.removeUnusedImages(prepared.map((i) => i.hash));
      throw err;
    }
    return prepared;
  }

  /** Runs a write that references new image files; if it fails, files nothing else uses are removed again. */
  private async withImages<T>(
    images: PreparedImage[],
    change: CatalogueChange,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      const result = await write();
      // Files may have been removed by a concurrent delete of the same picture since they were written.
      for (const [i, image] of images.entries()) await this.deps.images.store(image, `Image ${i + 1}`);
      return result;
    } catch (err) {
      await this.removeUnusedImages(images.map((i) => i.hash));
      throw err;
    } finally {
      await this.deps.changed(change);
    }
  }

  private removeUnusedImages(hashes: string[]): Promise<void> {
    return this.deps.images.removeUnused(hashes);
  }

  async create(input: ProductCreate, adminId: string): Promise<Product> {
    await this.assertCategory(input.category);
    assertSellable({ status: input.status, ingredients: input.ingredients });
    const images = await this.prepareImages(input.images, new Set());
    const id = newId();
    await this.withImages(images, { kind: 'products', productIds: [id], lists: true }, async () => {
      const variants = checkVariants(
        input.options,
        input.variants,
        images.map((i) => i.hash),
      );
      const offer = productOffer(input, variants);
      const base = slugify(input.name);
      for (let attempt = 0; ; attempt += 1) {
        try {
          await this.db.transaction().execute(async (trx) => {
            await this.assertCategory(input.category, trx);
            const slug = nextFreeSlug(base, await repo.slugsStartingWith(trx, base));
            const now = nowIso();
            const brand = input.brand
              ? ((await repo.findBrandSpelling(trx, input.brand)) ?? input.brand)
              : null;
            await repo.insertProduct(trx, {
              id,
              slug,
              name: input.name,
              price: offer.price,
              description: input.description,
              usage: input.usage,
              status: input.status,
              tags: JSON.stringify(input.tags),
              is_featured: toFlag(input.isFeatured),
              is_new: toFlag(input.isProductNew),
              category_id: input.category,
              rating: null,
              review_count: 0,
              stock: offer.stock,
              created_at: now,
              updated_at: now,
              brand,
              expires_on: input.expiresOn,
              registration: input.registration,
              ingredients: input.ingredients,
              options: JSON.stringify(variants.length > 0 ? input.options : []),
              compare_at_price: input.compareAtPrice,
              variant_terms: variantTerms(variants),
            });
            await repo.insertImages(trx, imageRows(id, images, 0, now));
            await replaceVariants(trx, id, variants, now);
            await recordAudit(trx, {
              adminId,
              action: 'create',
              entity: 'product',
              entityId: id,
              summary: productCreatedSummary(
                { name: input.name, price: offer.price, stock: offer.stock, status: input.status },
                variants.length,
              ),
            });
          });
          return;
        } catch (err) {
          // Two products with the same name created at once: the loser takes the next number (a SKU taken at the
          // same moment is found by replaceVariants' check on the next attempt).
          if (isUniqueViolation(err) && attempt < 4) continue;
          throw err;
        }
      }
    });
    return this.get(id);
  }

  /** Changes the given fields; `images` are added. The slug stays as it was, so shared links keep working. */
  async update(id: string, input: ProductUpdate, adminId: string): Promise<Product> {
    const current = await repo.findProduct(this.db, id);
    if (!current || current.id !== id) throw notFound('Product not found');
    await this.assertCategory(input.category);
    const existing = await repo.productImages(this.db, id);
    const images = await this.prepareImages(input.images ?? [], new Set(existing.map((i) => i.hash)));
    const changesVariants = input.options !== undefined || input.variants !== undefined;
    const lists = changesVariants || LISTED_BY.some((field) => input[field] !== undefined);
    const change: CatalogueChange = { kind: 'products', productIds: [id], lists };
    await this.withImages(images, change, () =>
      this.db.transaction().execute(async (trx) => {
        await this.assertCategory(input.category, trx);
        const now = nowIso();
        const before = (await repo.findProduct(trx, id)) ?? current;
        const currentVariants = (await variantsFor(trx, [id])).get(id) ?? [];
        const options = input.options ?? parseOptions(current.options);
        const variants = checkVariants(
          options,
          input.variants ?? (options.length === 0 ? [] : currentVariants.map((row) => variantInputOf(row))),
          [...existing.map((i) => i.hash), ...images.map((i) => i.hash)],
        );
        const offer = productOffer(
          {
            price: input.price ?? current.price,
            // A product that gains variants drops its own stock (each variant keeps its own).
            stock: input.stock !== undefined ? input.stock : variants.length > 0 ? null : current.stock,
            compareAtPrice:
              input.compareAtPrice !== undefined ? input.compareAtPrice : current.compare_at_price,
          },
          variants,
        );
        await repo.updateProduct(trx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          price: offer.price,
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.usage !== undefined ? { usage: input.usage } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.tags !== undefined ? { tags: JSON.stringify(input.tags) } : {}),
          ...(input.isFeatured !== undefined ? { is_featured: toFlag(input.isFeatured) } : {}),
          ...(input.isProductNew !== undefined ? { is_new: toFlag(input.isProductNew) } : {}),
          ...(input.category !== undefined ? { category_id: input.category } : {}),
          ...(input.stock !== undefined || variants.length > 0 ? { stock: offer.stock } : {}),
          ...(input.compareAtPrice !== undefined ? { compare_at_price: input.compareAtPrice } : {}),
          ...(changesVariants
            ? {
                options: JSON.stringify(variants.length > 0 ? options : []),
                variant_terms: variantTerms(variants),
              }
            : {}),
          ...(input.brand !== undefined
            ? {
                brand: input.brand ? ((await repo.findBrandSpelling(trx, input.brand)) ?? input.brand) : null,
              }
            : {}),
          ...(input.expiresOn !== undefined ? { expires_on: input.expiresOn } : {}),
          ...(input.registration !== undefined ? { registration: input.registration } : {}),
          ...(input.ingredients !== undefined ? { ingredients: input.ingredients } : {}),
          updated_at: now,
        });
        if (changesVariants) await replaceVariants(trx, id, variants, now);
        // Checked on the row as written, inside the transaction: a concurrent change of the status or the
        // ingredients by another admin cannot slip a banned product past it.
        const written = await repo.findProduct(trx, id);
        if (written) assertSellable(written);
        // Re-read inside the transaction: a concurrent update may have added images meanwhile.
        const currentImages = await repo.productImages(trx, id);
        const position = repo.nextImagePosition(currentImages);
        if (currentImages.length + images.length > IMAGE_LIMITS.perProduct) {
          throw badRequest(`A product can have at most ${IMAGE_LIMITS.perProduct} images`);
        }
        await repo.insertImages(trx, imageRows(id, images, position, now));
        if (written) {
          await recordAudit(trx, {
            adminId,
            action: 'update',
            entity: 'product',
            entityId: id,
            summary: `"${written.name}": ${productChangeSummary(
              before,
              written,
              { before: currentVariants, after: changesVariants ? variants : null },
              images.length,
            )}`,
          });
        }
      }),
    );
    return this.get(id);
  }

  async remove(id: string, adminId: string): Promise<void> {
    const current = await repo.findProduct(this.db, id);
    if (!current || current.id !== id) throw notFound('Product not found');
    const hashes = await this.db.transaction().execute(async (trx) => {
      const images = await repo.productImages(trx, id);
      await repo.deleteProductImages(trx, id);
      await repo.deleteProduct(trx, id);
      await recordAudit(trx, {
        adminId,
        action: 'delete',
        entity: 'product',
        entityId: id,
        summary: `Deleted "${current.name}" (price ${current.price.toLocaleString('en-KE')})`,
      });
      return images.map((i) => i.hash);
    });
    await this.deps.changed({ kind: 'products', productIds: [id], lists: true });
    await this.removeUnusedImages(hashes);
  }

  async deleteImage(productId: string, url: string, adminId: string): Promise<Product> {
    const hash = hashFromImageUrl(url);
    const current = await repo.findProduct(this.db, productId);
    if (!current || current.id !== productId) throw notFound('Product not found');
    if (!hash) throw badRequest('url is not an image of this product');
    await this.db.transaction().execute(async (trx) => {
      const removed = await repo.deleteProductImages(trx, productId, hash);
      if (removed === 0) throw notFound('That image is not on this product');
      await clearVariantImage(trx, productId, hash);
      await trx.updateTable('products').set({ updated_at: nowIso() }).where('id', '=', productId).execute();
      await recordAudit(trx, {
        adminId,
        action: 'update',
        entity: 'product',
        entityId: productId,
        summary: `"${current.name}": a picture removed`,
      });
    });
    await this.deps.changed({ kind: 'products', productIds: [productId], lists: false });
    await this.removeUnusedImages([hash]);
    return this.get(productId);
  }

  /* Stock */

  /**
   * A quick restock (+n) or correction (-n) from the products table: applied to the stock as it is now, so an order
   * placed meanwhile is not overwritten the way "set it to what I saw plus n" would.
   */
  async adjustStock(id: string, change: number, adminId: string): Promise<Product> {
    const current = await repo.findProduct(this.db, id);
    if (!current || current.id !== id) throw notFound('Product not found');
    if (((await variantsFor(this.db, [id])).get(id) ?? []).length > 0) {
      throw conflict(`${current.name} has variants: set the stock of each variant in the product form`);
    }
    const stock = await this.db.transaction().execute(async (trx) => {
      const after = await repo.adjustStock(trx, id, change, nowIso());
      if (after === undefined || after === null) return undefined;
      const sign = change >= 0 ? '+' : '-';
      await recordAudit(trx, {
        adminId,
        action: 'stock',
        entity: 'product',
        entityId: id,
        summary: `"${current.name}": ${changeOf('Stock', after - change, after)} (${sign}${Math.abs(change)})`,
      });
      return after;
    });
    if (stock === undefined) {
      const now = await repo.findProduct(this.db, id);
      if (!now) throw notFound('Product not found');
      if (now.stock === null) {
        throw conflict(`${now.name} does not track stock: set a stock in the product form first`);
      }
      throw conflict(`${now.name} has only ${now.stock} in stock: it cannot go below zero`);
    }
    await this.deps.changed({ kind: 'stock', productIds: [id] });
    return this.get(id);
  }

  /** Units on the shelf now, for the caches after a stock move (null: not tracked; missing: no such product). */
  async stockOf(ids: string[]): Promise<Map<string, number | null>> {
    const rows = await repo.stockOf(this.db, ids);
    return new Map(rows.map((row) => [row.id, row.stock === null ? null : Number(row.stock)]));
  }

  /** Tracked products at or below `max` units, fewest first (the dashboard). */
  async lowStock(max: number, limit = 20): Promise<Product[]> {
    return this.toProducts(await repo.listLowStockProducts(this.db, max, limit));
  }

  /** Products whose best-before month is `lastMonth` or earlier, soonest first (the dashboard). */
  async expiringBy(lastMonth: string, limit = 50): Promise<Product[]> {
    return this.toProducts(await repo.listProductsExpiringBy(this.db, lastMonth, limit));
  }

  /** Tracked variants at or below `max` units, fewest first, with their product (the dashboard). */
  async lowStockVariants(max: number, limit = 20) {
    const rows = await listLowStockVariants(this.db, max, limit);
    return rows.map((row) => ({
      product: { _id: row.product_id, name: row.product_name, slug: row.product_slug },
      variant: {
        _id: row.id,
        sku: row.sku,
        options: parseVariantOptions(row.options),
        stock: Number(row.stock),
      },
    }));
  }

  /* Categories */

  async categories(): Promise<Category[]> {
    return (await repo.listCategories(this.db)).map(toCategoryDto);
  }

  async createCategory(input: { category: string; description: string }, adminId: string): Promise<Category> {
    if (await repo.findCategoryByName(this.db, input.category)) {
      throw conflict(`A category named "${input.category}" already exists`);
    }
    const base = slugify(input.category, 'category');
    const now = nowIso();
    const id = newId();
    try {
      const slug = nextFreeSlug(base, await repo.categorySlugsStartingWith(this.db, base));
      await this.db.transaction().execute(async (trx) => {
        await repo.insertCategory(trx, {
          id,
          name: input.category,
          slug,
          description: input.description,
          created_at: now,
          updated_at: now,
        });
        await recordAudit(trx, {
          adminId,
          action: 'create',
          entity: 'category',
          entityId: id,
          summary: `Created category "${input.category}"`,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`A category named "${input.category}" already exists`);
      throw err;
    }
    // Server-rendered pages list the categories (the shop's tabs).
    await this.deps.changed({ kind: 'everything' });
    return toCategoryDto((await repo.findCategoryById(this.db, id))!);
  }

  async updateCategory(
    id: string,
    input: { category?: string; description?: string },
    adminId: string,
  ): Promise<Category> {
    const current = await repo.findCategoryById(this.db, id);
    if (!current) throw notFound('Category not found');
    if (input.category !== undefined) {
      const other = await repo.findCategoryByName(this.db, input.category);
      if (other && other.id !== id) throw conflict(`A category named "${input.category}" already exists`);
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        await repo.updateCategory(trx, id, {
          ...(input.category !== undefined ? { name: input.category } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          updated_at: nowIso(),
        });
        await recordAudit(trx, {
          adminId,
          action: 'update',
          entity: 'category',
          entityId: id,
          summary: `Category "${input.category ?? current.name}": ${changesSummary([
            input.category !== undefined && changeOf('Name', current.name, input.category),
            input.description !== undefined &&
              input.description !== current.description &&
              'Description edited',
          ])}`,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`A category named "${input.category}" already exists`);
      throw err;
    }
    await this.deps.changed({ kind: 'everything' });
    return toCategoryDto((await repo.findCategoryById(this.db, id))!);
  }

  /** Deletes a category nothing uses: its products must move first, and no discount code may be limited to it. */
  async deleteCategory(id: string, adminId: string): Promise<string> {
    // Checked and deleted in one transaction under the category's row lock: a product or discount code that names
    // it meanwhile either comes first (and is counted here) or waits and then finds it gone.
    await this.db.transaction().execute(async (trx) => {
      const current = await repo.findCategoryLocked(trx, id, 'update');
      if (!current) throw notFound('Category not found');
      const products = await repo.countProductsInCategory(trx, id);
      if (products > 0) {
        throw conflict(
          `${current.name} still has ${products} product${products === 1 ? '' : 's'}: ` +
            'move them to another category first',
        );
      }
      const codes = await repo.discountCodesNamingCategory(trx, id);
      if (codes.length > 0) {
        throw conflict(
          `Discount code ${codes.join(', ')} is limited to ${current.name}: change or delete it first`,
        );
      }
      await repo.deleteCategory(trx, id);
      await recordAudit(trx, {
        adminId,
        action: 'delete',
        entity: 'category',
        entityId: id,
        summary: `Deleted category "${current.name}"`,
      });
    });
    await this.deps.changed({ kind: 'everything' });
    return 'Category deleted';
  }
}

/** 400 when an active product's ingredients name a banned substance (the message names the word and why). */
function assertSellable(product: { status: 'active' | 'inactive'; ingredients: string | null }): void {
  if (product.status !== 'active') return;
  const banned = findBannedIngredient(product.ingredients);
  if (!banned) return;
  const message = bannedIngredientMessage(banned);
  throw badRequest(message, [{ path: 'ingredients', message }]);
}

/**
 * What the product row stores of its offer: without variants its own price and stock (an earlier price must be
 * above the price); with variants the lowest variant price and no stock of its own (each variant keeps its own).
 */
function productOffer(
  input: { price?: number | undefined; stock: number | null; compareAtPrice: number | null },
  variants: CheckedVariant[],
): { price: number; stock: number | null } {
  if (variants.length > 0) {
    if (input.stock !== null) {
      throw badRequest('stock: A product with variants keeps its stock per variant', [
        { path: 'stock', message: 'Set the stock of each variant instead' },
      ]);
    }
    return { price: Math.min(...variants.map((v) => v.price)), stock: null };
  }
  if (input.price === undefined) {
    throw badRequest('Price is required and must be a number', [
      { path: 'price', message: 'Price is required and must be a number' },
    ]);
  }
  if (input.compareAtPrice !== null && input.compareAtPrice <= input.price) {
    throw badRequest(
      `compareAtPrice: The earlier price must be above the price (Ksh ${input.price}), or empty`,
      [{ path: 'compareAtPrice', message: 'The earlier price must be above the price' }],
    );
  }
  return { price: input.price, stock: input.stock };
}

/** A stored variant as input again (re-checked when the options change without a new list of variants). */
function variantInputOf(row: VariantRow) {
  return {
    sku: row.sku,
    options: JSON.parse(row.options) as Record<string, string>,
    price: Number(row.price),
    compareAtPrice: row.compare_at_price === null ? null : Number(row.compare_at_price),
    stock: row.stock === null ? null : Number(row.stock),
    image: null,
    swatch: row.swatch,
  };
}

function imageRows(productId: string, images: PreparedImage[], firstPosition: number, now: string) {
  return images.map((image, i) => ({
    id: newId(),
    product_id: productId,
    hash: image.hash,
    position: firstPosition + i,
    width: image.width,
    height: image.height,
    created_at: now,
  }));
}
