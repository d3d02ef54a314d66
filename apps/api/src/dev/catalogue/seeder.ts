import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DemoSeeder } from '../demo-seeder';
import { toFlag } from '../../db/sql-values';
import { newId } from '../../lib/ids';
import { imageStoreFor, slugify } from '../../modules/catalogue';
import type { DrawRequest } from './draw-pictures';
import { demoPictureSvg, type DemoPicture } from './pictures';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, demoStock, type DemoProduct } from './products';
import { demoFacts, type DemoFacts } from './product-facts';

/**
 * Draws the pictures in a child process (draw-pictures.ts), into the images folder. The built server forks its
 * bundled sibling; the tests, running the TypeScript source, fork the source through tsx.
 */
async function drawInChild(request: DrawRequest): Promise<void> {
  const built = fileURLToPath(new URL('./draw-demo-pictures.js', import.meta.url));
  const [file, execArgv] = existsSync(built)
    ? [built, []]
    : [fileURLToPath(new URL('./draw-pictures.ts', import.meta.url)), ['--import', 'tsx']];
  const child = fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  child.send(request);
  const code = await exited;
  if (code !== 0) throw new Error(`drawing the demo pictures failed (exit code ${code})`);
}

/** Products in an order that mixes the categories, so the first pages of every list show a bit of everything. */
export function interleaveByCategory(products: DemoProduct[]): DemoProduct[] {
  const queues = DEMO_CATEGORIES.map((c) => products.filter((p) => p.category === c.name));
  const out: DemoProduct[] = [];
  for (let round = 0; out.length < products.length; round += 1) {
    for (const queue of queues) if (queue[round]) out.push(queue[round]!);
  }
  return out;
}

/**
 * The demo catalogue: 8 categories and 66 products with pictures drawn from SVG (see pictures.ts). Each SVG is
 * rendered once at full size; the three WebP widths are made from those pixels.
 */
export const catalogueDemoSeeder: DemoSeeder = {
  name: 'catalogue',

  async isEmpty(db) {
    const [category, product] = await Promise.all([
      db.selectFrom('categories').select('id').limit(1).executeTakeFirst(),
      db.selectFrom('products').select('id').limit(1).executeTakeFirst(),
    ]);
    return !category && !product;
  },

  async seed(db, config) {
    const images = imageStoreFor({ config, db });
    const backdrops = new Map(DEMO_CATEGORIES.map((c) => [c.name, c.backdrop]));
    const products = interleaveByCategory(DEMO_PRODUCTS);

    const pictures: { productIndex: number; picture: DemoPicture; svg: string; hash: string }[] = [];
    // A product in shades gets a picture per shade, drawn in its colour (the shade's own picture).
    const shadeHashes = new Map<string, string>();
    for (const [productIndex, p] of products.entries()) {
      const shades = (p.variants ?? []).filter((v) => v.color);
      const drawings: { variant: DemoPicture['variant']; color: string; sku?: string }[] =
        shades.length > 0
          ? shades.map((v) => ({ variant: 'pack' as const, color: v.color!, sku: v.sku }))
          : (p.swatch ? (['pack', 'swatch'] as const) : (['pack'] as const)).map((variant) => ({
              variant,
              color: p.color,
            }));
      for (const drawing of drawings) {
        const picture: DemoPicture = {
          name: p.name,
          kind: p.kind,
          color: drawing.color,
          cap: p.cap,
          backdrop: backdrops.get(p.category)!,
          variant: drawing.variant,
        };
        const svg = demoPictureSvg(picture);
        const hash = createHash('sha256').update(svg).digest('hex');
        if (drawing.sku) shadeHashes.set(drawing.sku, hash);
        pictures.push({ productIndex, picture, svg, hash });
      }
    }

    const missing = [];
    for (const picture of pictures) if (!(await images.hasAll(picture.hash))) missing.push(picture);
    if (missing.length > 0) {
      await drawInChild({ dir: images.dir, pictures: missing.map(({ svg, hash }) => ({ svg, hash })) });
      await images.importDiskImages();
    }

    const categoryIds = new Map(DEMO_CATEGORIES.map((c) => [c.name, newId()]));
    // Newest first in every list: the first product is the most recent, one hour apart going back.
    const start = Date.now() - 3600_000;
    await db.transaction().execute(async (trx) => {
      for (const [i, c] of DEMO_CATEGORIES.entries()) {
        // Older than every product, and in the order listed (Skin Care first).
        const at = new Date(start - (products.length + DEMO_CATEGORIES.length - i) * 3600_000).toISOString();
        await trx
          .insertInto('categories')
          .values({
            id: categoryIds.get(c.name)!,
            name: c.name,
            slug: slugify(c.name),
            description: c.description,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      const productIds: string[] = [];
      const slugs = new Set<string>();
      for (const [i, p] of products.entries()) {
        const at = new Date(start - i * 3600_000).toISOString();
        const id = newId();
        productIds.push(id);
        let slug = slugify(p.name);
        for (let n = 2; slugs.has(slug); n += 1) slug = `${slugify(p.name)}-${n}`;
        slugs.add(slug);
        const variants = p.variants ?? [];
        await trx
          .insertInto('products')
          .values({
            id,
            slug,
            name: p.name,
            price: variants.length > 0 ? Math.min(...variants.map((v) => v.price)) : p.price,
            description: p.description,
            usage: p.usage,
            status: p.inactive ? 'inactive' : 'active',
            tags: JSON.stringify(p.tags),
            is_featured: toFlag(!!p.featured),
            is_new: toFlag(!!p.isNew),
            category_id: categoryIds.get(p.category)!,
            rating: null,
            review_count: 0,
            stock: variants.length > 0 ? null : demoStock(p, i),
            created_at: at,
            updated_at: at,
            ...factColumns(demoFacts(p, i)),
            compare_at_price: p.compareAtPrice ?? null,
            options: JSON.stringify(variants.length > 0 ? (p.options ?? []) : []),
            // As the catalogue's writes keep it: SKUs and option values, for search.
            variant_terms: [...new Set(variants.flatMap((v) => [v.sku, ...Object.values(v.options)]))].join(
              ' ',
            ),
          })
          .execute();
        for (const [position, v] of variants.entries()) {
          await trx
            .insertInto('product_variants')
            .values({
              id: newId(),
              product_id: id,
              sku: v.sku,
              options: JSON.stringify(v.options),
              position,
              price: v.price,
              compare_at_price: v.compareAtPrice ?? null,
              stock: v.stock,
              image_hash: shadeHashes.get(v.sku) ?? null,
              swatch: v.color ? v.color.toUpperCase() : null,
              created_at: at,
              updated_at: at,
            })
            .execute();
        }
      }
      const positions = new Map<number, number>();
      const rows = pictures.map(({ productIndex, hash }) => {
        const position = positions.get(productIndex) ?? 0;
        positions.set(productIndex, position + 1);
        return {
          id: newId(),
          product_id: productIds[productIndex]!,
          hash,
          position,
          width: 1200,
          height: 1200,
          created_at: new Date(start).toISOString(),
        };
      });
      await trx.insertInto('product_images').values(rows).execute();
    });

    const featured = products.filter((p) => p.featured || p.isNew).length;
    return `${DEMO_CATEGORIES.length} categories, ${products.length} products (${featured} featured or new), ${pictures.length} pictures`;
  },
};

function factColumns(facts: DemoFacts) {
  return {
    brand: facts.brand,
    expires_on: facts.expiresOn,
    registration: facts.registration,
    ingredients: facts.ingredients,
  };
}
