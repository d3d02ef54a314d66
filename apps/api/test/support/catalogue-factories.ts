import sharp from 'sharp';
import type { ProductsTable } from '../../src/db/schema';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import type { TestContext } from './test-app';

let counter = 0;

export async function createCategory(
  ctx: TestContext,
  overrides: { name?: string; description?: string } = {},
): Promise<{ id: string; name: string }> {
  counter += 1;
  // One second apart, so categories list in the order a test creates them.
  const now = new Date(Date.UTC(2025, 0, 1) + counter * 1000).toISOString();
  const name = overrides.name ?? `Category ${counter}`;
  const id = newId();
  await ctx.database.db
    .insertInto('categories')
    .values({
      id,
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${counter}`,
      description: overrides.description ?? `About ${name}`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, name };
}

type ProductOverrides = Partial<Omit<ProductsTable, 'tags'>> & { tags?: string[] };

/**
 * Inserts a product directly (the search triggers index it like any other writer). created_at steps back one
 * second per product, so later factories' products are older unless told otherwise.
 */
export async function createProduct(ctx: TestContext, overrides: ProductOverrides = {}) {
  counter += 1;
  const name = overrides.name ?? `Test product ${counter}`;
  const created = overrides.created_at ?? new Date(Date.UTC(2026, 0, 1) - counter * 1000).toISOString();
  const row: ProductsTable = {
    id: newId(),
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${counter}`,
    name,
    price: 1000,
    description: 'A plain product description.',
    usage: 'Use daily.',
    status: 'active',
    is_featured: 0,
    is_new: 0,
    category_id: null,
    rating: null,
    review_count: 0,
    stock: null,
    updated_at: nowIso(),
    ...overrides,
    created_at: created,
    tags: JSON.stringify(overrides.tags ?? []),
  };
  await ctx.database.db.insertInto('products').values(row).execute();
  return row;
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
