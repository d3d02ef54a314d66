import sharp from 'sharp';
import type { ProductsTable } from '../../src/db/schema';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import type { TestContext } from './test-app';

let counter = 0;

const slugOf = (name: string, n: number) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`;

/** Inserts a category directly. Categories are one second apart, so they list in the order a test creates them. */
export async function createCategory(
  ctx: TestContext,
  options: { name?: string; description?: string } = {},
): Promise<{ id: string; name: string }> {
  counter += 1;
  const now = new Date(Date.UTC(2025, 0, 1) + counter * 1000).toISOString();
  const name = options.name ?? `Category ${counter}`;
  const id = newId();
  await ctx.database.db
    .insertInto('categories')
    .values({
      id,
      name,
      slug: slugOf(name, counter),
      description: options.description ?? `About ${name}`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, name };
}

export interface TestProductOptions {
  name?: string;
  slug?: string;
  price?: number;
  description?: string;
  status?: 'active' | 'inactive';
  categoryId?: string | null;
  tags?: string[];
  isFeatured?: boolean;
  isNew?: boolean;
  rating?: number | null;
  reviewCount?: number;
  createdAt?: string;
  brand?: string | null;
  expiresOn?: string | null;
  registration?: string | null;
  ingredients?: string | null;
  /** How many pictures (product_images rows) the product has; none unless asked. */
  images?: number;
}

/** The products row as inserted, and the hashes of its pictures in order. */
export type TestProductRow = Omit<ProductsTable, 'options' | 'compare_at_price' | 'variant_terms'>;
export type TestProduct = TestProductRow & { imageHashes: string[] };

/**
 * Inserts a product directly (the search triggers index it like any other writer): active, Ksh 1000, no pictures.
 * created_at steps back one second per product, so later products are older unless told otherwise. A picture's
 * hash is `${id}${position}` padded to 32 characters.
 */
export async function createProduct(
  ctx: TestContext,
  options: TestProductOptions = {},
): Promise<TestProduct> {
  counter += 1;
  const name = options.name ?? `Test product ${counter}`;
  const row: TestProductRow = {
    id: newId(),
    slug: options.slug ?? slugOf(name, counter),
    name,
    price: options.price ?? 1000,
    description: options.description ?? 'A plain product description.',
    usage: 'Use daily.',
    status: options.status ?? 'active',
    tags: JSON.stringify(options.tags ?? []),
    is_featured: options.isFeatured ? 1 : 0,
    is_new: options.isNew ? 1 : 0,
    category_id: options.categoryId ?? null,
    rating: options.rating ?? null,
    review_count: options.reviewCount ?? 0,
    stock: null,
    brand: options.brand ?? null,
    expires_on: options.expiresOn ?? null,
    registration: options.registration ?? null,
    ingredients: options.ingredients ?? null,
    created_at: options.createdAt ?? new Date(Date.UTC(2026, 0, 1) - counter * 1000).toISOString(),
    updated_at: nowIso(),
  };
  await ctx.database.db.insertInto('products').values(row).execute();
  const imageHashes: string[] = [];
  for (let position = 0; position < (options.images ?? 0); position += 1) {
    const hash = `${row.id}${position}`.padEnd(32, 'a');
    imageHashes.push(hash);
    await ctx.database.db
      .insertInto('product_images')
      .values({
        id: newId(),
        product_id: row.id,
        hash,
        position,
        width: 1200,
        height: 1200,
        created_at: row.created_at,
      })
      .execute();
  }
  return { ...row, imageHashes };
}

export async function setProductStatus(ctx: TestContext, id: string, status: 'active' | 'inactive') {
  await ctx.database.db.updateTable('products').set({ status }).where('id', '=', id).execute();
}

/** Sets the units on the shelf (null: not tracked). */
export async function setStock(ctx: TestContext, productId: string, stock: number | null) {
  await ctx.database.db.updateTable('products').set({ stock }).where('id', '=', productId).execute();
}

/** A real picture as a data URL (sharp draws a coloured square). */
export async function imageDataUrl(
  format: 'png' | 'jpeg' | 'webp' = 'png',
  options: { width?: number; height?: number; color?: string; declared?: string } = {},
): Promise<string> {
  const bytes = await imageBytes(format, options);
  return `data:${options.declared ?? `image/${format}`};base64,${bytes.toString('base64')}`;
}

export async function imageBytes(
  format: 'png' | 'jpeg' | 'webp',
  options: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  counter += 1;
  const width = options.width ?? 800;
  const height = options.height ?? 600;
  // A different colour per call, so each picture has its own hash unless a colour is given.
  const color = options.color ?? `#${((counter * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`;
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

export function dataUrlOf(bytes: Buffer, declared = 'image/png'): string {
  return `data:${declared};base64,${bytes.toString('base64')}`;
}
