import { sql, type Selectable } from 'kysely';
import type { ProductOption, Variant, VariantInput } from '@urembo/contract/catalogue';
import type { ProductVariantsTable } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { hashFromImageUrl, imageUrl } from './images';
import type { Db } from './repository';

export type VariantRow = Selectable<ProductVariantsTable>;

/** A variant as the service has checked it: its picture resolved to one of the product's image hashes. */
export interface CheckedVariant {
  sku: string;
  options: Record<string, string>;
  price: number;
  compareAtPrice: number | null;
  stock: number | null;
  imageHash: string | null;
  swatch: string | null;
}

export function parseOptions(json: string): ProductOption[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as ProductOption[]) : [];
  } catch {
    return [];
  }
}

export function parseVariantOptions(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function toVariantDto(row: VariantRow): Variant {
  const stock = row.stock === null ? null : Number(row.stock);
  return {
    _id: row.id,
    sku: row.sku,
    options: parseVariantOptions(row.options),
    price: Number(row.price),
    compareAtPrice: row.compare_at_price === null ? null : Number(row.compare_at_price),
    stock,
    inStock: stock === null || stock > 0,
    image: row.image_hash ? imageUrl(row.image_hash) : null,
    swatch: row.swatch,
  };
}

/** "Shade: Mocha, Size: 30 ml": a variant's options in the product's option order. */
export function describeVariant(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

function fail(path: string, message: string) {
  return badRequest(`${path}: ${message}`, [{ path, message }]);
}

/**
 * Checks options and variants together: at most 3 options with distinct names and values; each variant names a
 * listed value for every option, each combination once, SKUs distinct (ignoring case), an earlier price above the
 * price, a picture that is one of the product's. `imageHashes` are the product's pictures as they will be saved.
 */
export function checkVariants(
  options: ProductOption[],
  variants: VariantInput[],
  imageHashes: string[],
): CheckedVariant[] {
  const names = new Set<string>();
  for (const [i, option] of options.entries()) {
    const key = option.name.toLowerCase();
    if (names.has(key)) throw fail(`options.${i}.name`, `The option "${option.name}" is listed twice`);
    names.add(key);
    const values = new Set<string>();
    for (const [j, value] of option.values.entries()) {
      if (values.has(value.toLowerCase())) {
        throw fail(`options.${i}.values.${j}`, `"${value}" is listed twice in ${option.name}`);
      }
      values.add(value.toLowerCase());
    }
  }
  if (options.length > 0 && variants.length === 0) {
    throw fail('variants', 'A product with options needs at least one variant');
  }
  if (options.length === 0 && variants.length > 0) {
    throw fail('options', 'Variants need options (e.g. Shade) naming what they differ in');
  }
  const combinations = new Map<string, number>();
  const skus = new Map<string, number>();
  return variants.map((input, i) => {
    const given = input.options ?? {};
    const chosen: Record<string, string> = {};
    for (const option of options) {
      const entry = Object.entries(given).find(([name]) => name.toLowerCase() === option.name.toLowerCase());
      if (!entry) throw fail(`variants.${i}.options`, `Choose a ${option.name} for variant ${input.sku}`);
      const value = option.values.find((v) => v.toLowerCase() === entry[1].trim().toLowerCase());
      if (!value) {
        throw fail(
          `variants.${i}.options.${option.name}`,
          `"${entry[1]}" is not one of the values of ${option.name} (${option.values.join(', ')})`,
        );
      }
      chosen[option.name] = value;
    }
    const extra = Object.keys(given).find((name) => !names.has(name.toLowerCase()));
    if (extra !== undefined) {
      throw fail(`variants.${i}.options.${extra}`, `"${extra}" is not one of the product's options`);
    }
    const combination = JSON.stringify(options.map((o) => chosen[o.name]!.toLowerCase()));
    const earlier = combinations.get(combination);
    if (earlier !== undefined) {
      throw fail(
        `variants.${i}.options`,
        `${describeVariant(chosen)} is listed twice (variants ${earlier + 1} and ${i + 1})`,
      );
    }
    combinations.set(combination, i);
    const sku = input.sku.trim();
    const sameSku = skus.get(sku.toLowerCase());
    if (sameSku !== undefined) {
      throw fail(`variants.${i}.sku`, `The sku ${sku} is used twice (variants ${sameSku + 1} and ${i + 1})`);
    }
    skus.set(sku.toLowerCase(), i);
    const price = Number(input.price);
    const compareAtPrice =
      input.compareAtPrice === undefined ? null : (input.compareAtPrice as number | null);
    if (compareAtPrice !== null && compareAtPrice <= price) {
      throw fail(
        `variants.${i}.compareAtPrice`,
        `The earlier price of ${sku} must be above its price (Ksh ${price}), or empty`,
      );
    }
    let imageHash: string | null = null;
    const image = input.image;
    if (typeof image === 'number') {
      imageHash = imageHashes[image] ?? null;
      if (!imageHash) {
        throw fail(
          `variants.${i}.image`,
          `The picture of ${sku} must be one of the product's ${imageHashes.length} pictures (0 to ${imageHashes.length - 1})`,
        );
      }
    } else if (typeof image === 'string' && image !== '') {
      const hash = hashFromImageUrl(image);
      if (!hash || !imageHashes.includes(hash)) {
        throw fail(`variants.${i}.image`, `The picture of ${sku} must be one of the product's pictures`);
      }
      imageHash = hash;
    }
    return {
      sku,
      options: chosen,
      price,
      compareAtPrice,
      stock: input.stock === undefined ? null : (input.stock as number | null),
      imageHash,
      swatch: (input.swatch as string | null | undefined) ?? null,
    };
  });
}

/** The words search finds a product by besides its own: option values and SKUs. */
export function variantTerms(variants: CheckedVariant[]): string {
  const words = new Set<string>();
  for (const v of variants) {
    words.add(v.sku);
    for (const value of Object.values(v.options)) words.add(value);
  }
  return [...words].join(' ');
}

/* ---- reads ---- */

/** Each product's variants, in the shop's order. */
export async function variantsFor(db: Db, productIds: string[]): Promise<Map<string, VariantRow[]>> {
  const out = new Map<string, VariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return out;
  const result = await sql<VariantRow>`
    select * from product_variants
    where product_id in (${sql.join(productIds)})
    order by product_id, position
  `.execute(db);
  for (const row of result.rows) out.get(row.product_id)?.push(row);
  return out;
}

export async function findVariant(
  db: Db,
  productId: string,
  variantId: string,
): Promise<VariantRow | undefined> {
  return db
    .selectFrom('product_variants')
    .selectAll()
    .where('product_id', '=', productId)
    .where('id', '=', variantId)
    .executeTakeFirst();
}

/* ---- writes ---- */

/**
 * Replaces a product's variants with `next`, in the caller's transaction: a variant whose SKU stays keeps its id
 * (so carts keep it); one that goes leaves every cart. A SKU another product uses → 409.
 */
export async function replaceVariants(
  trx: Db,
  productId: string,
  next: CheckedVariant[],
  now: string,
): Promise<void> {
  const current = await trx
    .selectFrom('product_variants')
    .selectAll()
    .where('product_id', '=', productId)
    .execute();
  const bySku = new Map(current.map((row) => [row.sku.toLowerCase(), row]));
  const keep = new Set(next.map((v) => v.sku.toLowerCase()));
  const gone = current.filter((row) => !keep.has(row.sku.toLowerCase())).map((row) => row.id);
  // Lines that no longer name a variant go: those of a gone variant, and those of the product itself when it
  // gains variants (or of its variants when it loses them all).
  await trx
    .deleteFrom('cart_lines')
    .where('product_id', '=', productId)
    .where('variant_id', next.length > 0 ? '=' : '<>', '')
    .execute();
  if (gone.length > 0) {
    await trx.deleteFrom('cart_lines').where('variant_id', 'in', gone).execute();
    await trx.deleteFrom('product_variants').where('id', 'in', gone).execute();
  }
  if (next.length > 0) {
    const taken = await trx
      .selectFrom('product_variants')
      .select(['sku', 'product_id'])
      .where(
        sql<string>`lower(sku)`,
        'in',
        next.map((v) => v.sku.toLowerCase()),
      )
      .where('product_id', '<>', productId)
      .executeTakeFirst();
    if (taken) throw conflict(`The sku ${taken.sku} is already used by another product`);
  }
  for (const [position, v] of next.entries()) {
    const fields = {
      sku: v.sku,
      options: JSON.stringify(v.options),
      position,
      price: v.price,
      compare_at_price: v.compareAtPrice,
      stock: v.stock,
      image_hash: v.imageHash,
      swatch: v.swatch,
      updated_at: now,
    };
    const existing = bySku.get(v.sku.toLowerCase());
    if (existing) {
      await trx.updateTable('product_variants').set(fields).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('product_variants')
        .values({ id: newId(), product_id: productId, created_at: now, ...fields })
        .execute();
    }
  }
}

/** A picture taken off a product is taken off its variants too. */
export async function clearVariantImage(db: Db, productId: string, hash: string): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ image_hash: null })
    .where('product_id', '=', productId)
    .where('image_hash', '=', hash)
    .execute();
}

/** As takeStock, for one variant. */
export async function takeVariantStock(
  db: Db,
  variantId: string,
  count: number,
): Promise<{ taken: true } | { taken: false; left: number | null }> {
  const result = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', count) }))
    .where('id', '=', variantId)
    .where('stock', 'is not', null)
    .where('stock', '>=', count)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { taken: true };
  const row = await db
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', variantId)
    .executeTakeFirst();
  return { taken: false, left: row?.stock ?? null };
}

/** Puts `count` units back on a variant that still exists and tracks stock. */
export async function giveBackVariantStock(db: Db, variantId: string, count: number): Promise<void> {
  await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', count) }))
    .where('id', '=', variantId)
    .where('stock', 'is not', null)
    .execute();
}

/** Tracked variants at or below `max` units, fewest first, with their product's name and slug (the dashboard). */
export async function listLowStockVariants(db: Db, max: number, limit: number) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.sku',
      'v.options',
      'v.stock',
      'p.id as product_id',
      'p.name as product_name',
      'p.slug as product_slug',
    ])
    .where('v.stock', 'is not', null)
    .where('v.stock', '<=', max)
    .orderBy('v.stock')
    .orderBy('p.name')
    .orderBy('v.position')
    .limit(limit)
    .execute();
}
