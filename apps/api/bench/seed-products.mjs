// Bulk-inserts many believable products into a running shop's database, for the scale benchmark:
//   node apps/api/bench/seed-products.mjs --data-dir <DATA_DIR> [--count 100000]
//   node apps/api/bench/seed-products.mjs --database-url postgres://... [--count 100000]
// Products go into the existing categories and reuse the existing pictures (run it after the demo seed). A third of
// them (every third) are sold in six shades: six variants each, with their own SKU, price, stock, picture and
// swatch, as the admin's variants editor writes them. The search index follows through the same triggers as every
// other write (migrations 008 and 017), so it finds the shades' names and SKUs.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';

const BRANDS = [
  'Amani',
  'Zuri',
  'Neema',
  'Imani',
  'Baraka',
  'Tamu',
  'Malaika',
  'Nuru',
  'Pendo',
  'Safi',
  'Kito',
  'Jua',
];
const ADJECTIVES = [
  'Hydrating',
  'Brightening',
  'Soothing',
  'Nourishing',
  'Clarifying',
  'Repairing',
  'Gentle',
  'Matte',
  'Radiant',
  'Firming',
  'Calming',
  'Daily',
  'Intense',
  'Light',
  'Rich',
  'Velvet',
];
const INGREDIENTS = [
  'Shea',
  'Baobab',
  'Rose',
  'Aloe',
  'Coconut',
  'Marula',
  'Moringa',
  'Hibiscus',
  'Charcoal',
  'Honey',
  'Avocado',
  'Coffee',
  'Tea Tree',
  'Vitamin C',
  'Niacinamide',
  'Hyaluronic',
  'Argan',
  'Oud',
  'Vanilla',
  'Lemongrass',
];
const TYPES = [
  'Serum',
  'Toner',
  'Cleanser',
  'Moisturiser',
  'Body Lotion',
  'Body Butter',
  'Face Mask',
  'Lip Balm',
  'Lipstick',
  'Foundation',
  'Hair Oil',
  'Leave-in Conditioner',
  'Shampoo',
  'Edge Control',
  'Body Mist',
  'Perfume Oil',
  'Hand Cream',
  'Nail Polish',
  'Beard Oil',
  'Sunscreen',
];
const PHRASES = [
  'for every skin type',
  'made in small batches in Nairobi',
  'with no added fragrance',
  'for hot, humid days',
  'loved by our customers',
  'that absorbs in seconds',
  'for melanin-rich skin',
  'with cold-pressed African oils',
];

/** The six shades a bulk product in shades is sold in, with their swatch colours. */
const SHADES = [
  ['Nairobi Red', '#B3202E'],
  ['Mocha', '#8A5A44'],
  ['Berry Plum', '#6E2143'],
  ['Rose Nude', '#B9776B'],
  ['Cocoa', '#5A3526'],
  ['Coral', '#E0604F'],
];

function pick(list, n) {
  return list[n % list.length];
}

function newId() {
  return randomBytes(12).toString('hex');
}

/** One product row (and its slug) for number n: deterministic, so runs compare. */
export function benchProduct(n, categories, start) {
  const brand = pick(BRANDS, n);
  const adjective = pick(ADJECTIVES, Math.floor(n / 3));
  const ingredient = pick(INGREDIENTS, Math.floor(n / 7));
  const type = pick(TYPES, Math.floor(n / 11));
  const name = `${brand} ${adjective} ${ingredient} ${type}`;
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-b${n}`;
  const at = new Date(start - (n + 1) * 60_000).toISOString();
  const shades = inShades(n);
  return {
    id: newId(),
    slug,
    name,
    price: 300 + ((n * 37) % 60) * 50,
    description: `A ${adjective.toLowerCase()} ${type.toLowerCase()} with ${ingredient.toLowerCase()} ${pick(PHRASES, n)}.`,
    usage: 'Apply as needed. Patch test before first use.',
    status: n % 97 === 0 ? 'inactive' : 'active',
    tags: JSON.stringify([type.toLowerCase(), ingredient.toLowerCase(), adjective.toLowerCase()]),
    is_featured: n % 50 === 0 ? 1 : 0,
    is_new: n % 40 === 0 ? 1 : 0,
    category_id: categories.length > 0 ? pick(categories, n) : null,
    rating: null,
    review_count: 0,
    created_at: at,
    updated_at: at,
    // As the catalogue's writes keep a product in shades: its options, its variants' words for search, and no
    // stock of its own (each shade has its own).
    options: shades ? JSON.stringify([{ name: 'Shade', values: SHADES.map(([shade]) => shade) }]) : '[]',
    variant_terms: shades ? SHADES.flatMap(([shade]) => [shadeSku(n, shade), shade]).join(' ') : '',
    stock: null,
  };
}

/** Every third bulk product is sold in shades. */
function inShades(n) {
  return n % 3 === 0;
}

function shadeSku(n, shade) {
  return `B${n}-${shade.toUpperCase().replace(/\s+/g, '-')}`;
}

/**
 * The variants of bulk product n (none unless it is sold in shades): one per shade, the product's price or 100 more,
 * the last one on sale (an earlier price), stock between 0 and 44 (about one shade in seven out of stock), the
 * product's picture and the shade's swatch.
 */
export function benchVariants(n, product, imageHash) {
  if (!inShades(n)) return [];
  return SHADES.map(([shade, swatch], position) => ({
    id: newId(),
    product_id: product.id,
    sku: shadeSku(n, shade),
    options: JSON.stringify({ Shade: shade }),
    position,
    price: product.price + (position % 2) * 100,
    compare_at_price: position === SHADES.length - 1 ? product.price + 300 : null,
    stock: (n + position) % 7 === 0 ? 0 : 5 + ((n + position) % 40),
    image_hash: imageHash,
    swatch,
    created_at: product.created_at,
    updated_at: product.created_at,
  }));
}

const COLUMNS = [
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
  'options',
  'variant_terms',
  'stock',
];

const IMAGE_COLUMNS = ['id', 'product_id', 'hash', 'position', 'width', 'height', 'created_at'];

const VARIANT_COLUMNS = [
  'id',
  'product_id',
  'sku',
  'options',
  'position',
  'price',
  'compare_at_price',
  'stock',
  'image_hash',
  'swatch',
  'created_at',
  'updated_at',
];

/** Bulk product n's rows: the product, its picture (one of the shop's, when it has any) and its variants. */
function benchRows(n, categories, start, hashes) {
  const product = benchProduct(n, categories, start);
  const hash = hashes.length > 0 ? pick(hashes, n) : null;
  const image = hash && {
    id: newId(),
    product_id: product.id,
    hash,
    position: 0,
    width: 1200,
    height: 1200,
    created_at: product.created_at,
  };
  return { product, image, variants: benchVariants(n, product, hash) };
}

async function seedSqlite(dataDir, count) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'urembo.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  const categories = db
    .prepare('select id from categories order by created_at')
    .all()
    .map((r) => r.id);
  const hashes = db
    .prepare('select distinct hash from product_images')
    .all()
    .map((r) => r.hash);
  // Older than everything already there, so the demo products stay on the first pages.
  const oldest = db.prepare('select min(created_at) as at from products').get().at;
  const start = oldest ? Date.parse(oldest) : Date.now();
  const insert = (table, columns) =>
    db.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
  const insertProduct = insert('products', COLUMNS);
  const insertImage = insert('product_images', IMAGE_COLUMNS);
  const insertVariant = insert('product_variants', VARIANT_COLUMNS);
  const batch = db.transaction((from, to) => {
    for (let n = from; n < to; n++) {
      const { product, image, variants } = benchRows(n, categories, start, hashes);
      insertProduct.run(product);
      if (image) insertImage.run(image);
      for (const variant of variants) insertVariant.run(variant);
    }
  });
  for (let from = 0; from < count; from += 10_000) batch(from, Math.min(count, from + 10_000));
  db.exec('analyze');
  db.close();
}

async function seedPostgres(databaseUrl, count) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const categories = (await client.query('select id from categories order by created_at')).rows.map(
      (r) => r.id,
    );
    const hashes = (await client.query('select distinct hash from product_images')).rows.map((r) => r.hash);
    const oldest = (await client.query('select min(created_at) as at from products')).rows[0].at;
    const start = oldest ? Date.parse(oldest) : Date.now();
    const size = 1000;
    for (let from = 0; from < count; from += size) {
      const rows = [];
      for (let n = from; n < Math.min(count, from + size); n++)
        rows.push(benchRows(n, categories, start, hashes));
      const images = rows.flatMap((row) => (row.image ? [row.image] : []));
      const variants = rows.flatMap((row) => row.variants);
      await client.query('begin');
      await insertRows(
        client,
        'products',
        COLUMNS,
        rows.map((row) => row.product),
      );
      if (images.length > 0) await insertRows(client, 'product_images', IMAGE_COLUMNS, images);
      if (variants.length > 0) await insertRows(client, 'product_variants', VARIANT_COLUMNS, variants);
      await client.query('commit');
    }
    await client.query('analyze products');
    await client.query('analyze product_images');
    await client.query('analyze product_variants');
  } finally {
    await client.end();
  }
}

/** One multi-row insert of `rows` (objects keyed by `columns`) into `table`. */
async function insertRows(client, table, columns, rows) {
  const values = [];
  const tuples = rows.map((row, i) => {
    values.push(...columns.map((c) => row[c]));
    return `(${columns.map((_, j) => `$${i * columns.length + j + 1}`).join(', ')})`;
  });
  await client.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, values);
}

/** Adds `count` products to the shop's database (SQLite in dataDir, or PostgreSQL at databaseUrl). */
export async function seedProducts({ dataDir, databaseUrl, count = 100_000 }) {
  const started = Date.now();
  if (databaseUrl) await seedPostgres(databaseUrl, count);
  else await seedSqlite(dataDir, count);
  return (Date.now() - started) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      count: { type: 'string', default: '100000' },
    },
  });
  if (!values['data-dir'] && !values['database-url']) {
    console.error('usage: seed-products.mjs --data-dir <dir> | --database-url <postgres://...> [--count n]');
    process.exit(2);
  }
  const seconds = await seedProducts({
    dataDir: values['data-dir'],
    databaseUrl: values['database-url'],
    count: Number(values.count),
  });
  console.log(`inserted ${values.count} products in ${seconds.toFixed(1)} s`);
}
