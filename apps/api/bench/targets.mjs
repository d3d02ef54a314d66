// What `npm run bench` measures. Each scenario starts the production server on a fresh database (env), may
// prepare data, then loads each route in turn. `checks` run over all the results at the end.
//
// BENCH_DATABASE_URL=postgres://user@host:5432/postgres runs the catalogue scenarios on PostgreSQL instead of
// SQLite: each gets a fresh database created through that URL (and dropped afterwards).
import pg from 'pg';
import { seedProducts } from './seed-products.mjs';

const SCALE = Number(process.env.BENCH_SCALE || 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL;

/** A fresh PostgreSQL database per scenario when BENCH_DATABASE_URL is set; SQLite in DATA_DIR otherwise. */
function databaseFor(name) {
  if (!adminUrl) return { env: async () => ({}), cleanup: async () => {} };
  const db = `urembo_bench_${name.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    env: async () => {
      await admin(`create database ${db}`);
      const url = new URL(adminUrl);
      url.pathname = `/${db}`;
      return { DATABASE_URL: url.toString() };
    },
    cleanup: () => admin(`drop database if exists ${db} with (force)`),
  };
}

/** 80 search terms shoppers type: product words, brands, a few misses and misspellings. */
const SEARCH_TERMS = [
  'serum shea lipstick oil soap mask rose hair butter toner cream lotion nail polish brush foundation',
  'perfume oud beard coconut vitamin niacinamide sunscreen spf cleanser scrub matte gloss mascara',
  'eyeliner kohl henna braids wig conditioner shampoo curl edge gel baobab marula aloe charcoal clay',
  'honey lavender vanilla amber musk cedar lime nude red mocha nairobi maasai kabuki sponge primer',
  'concealer powder blush bronzer highlighter balm lip eye face body hand foot men kids gift set travel',
  'zuri amani serun lipstik',
]
  .join(' ')
  .split(' ');

/** The demo catalogue's products, kept for the big catalogue's run: the same URLs against more data. */
let demoProducts = null;

/**
 * The storefront's hot paths, each over varied URLs (wrk cycles through them), so one cached answer cannot
 * flatter a route: every product of the demo catalogue (64; the same slugs in the big one), the shop's pages for
 * all products and for each category (27 in all), the featured pages and 80 search terms.
 */
async function catalogueRoutes(server) {
  const api = (p) => fetch(`${server.base}/api/v1${p}`).then((r) => r.json());
  demoProducts ??= (await api('/products/?page=1&limit=64')).data.map((p) => p.slug);
  const products = demoProducts;
  const categories = (await api('/category')).data;
  const shopPages = ['/products/?page=1', '/products/?page=2', '/products/?page=3', '/products/?page=4'];
  for (const c of categories)
    for (const page of [1, 2, 3]) shopPages.push(`/products/?page=${page}&category=${c._id}`);
  return [
    {
      name: 'featured list (API)',
      paths: [1, 2, 3, 4, 5, 6, 7].map((p) => `/api/v1/products/featuredandnew?page=${p}&limit=10`),
      sameAnswer: true,
    },
    {
      name: 'shop pages and categories (API)',
      paths: shopPages.slice(0, 27).map((p) => `/api/v1${p}`),
      sameAnswer: true,
    },
    {
      name: 'search (API)',
      paths: SEARCH_TERMS.map((t) => `/api/v1/products/search?search=${encodeURIComponent(t)}&limit=25`),
    },
    { name: 'product (API JSON)', paths: products.map((slug) => `/api/v1/products/${slug}`) },
    { name: 'product page (HTML)', paths: products.map((slug) => `/product/${slug}`), sameAnswer: true },
  ];
}

const small = databaseFor('catalogue');
const large = databaseFor('catalogue-100k');

export const targets = [
  {
    name: 'demo',
    env: { SEED_DEMO: 'true' },
    routes: async () => [
      { name: 'health', paths: ['/api/v1/health'] },
      { name: 'home page (HTML)', paths: ['/'], sameAnswer: true },
    ],
  },
  {
    name: 'catalogue',
    // Each route for BENCH_STEADY_SECONDS (400 s): longer than any kept answer's TTL (300 s, drawn up to 360 s).
    steady: true,
    env: async () => ({ SEED_DEMO: 'true', ...(await small.env()) }),
    cleanup: small.cleanup,
    routes: catalogueRoutes,
  },
  {
    name: 'catalogue-100k',
    env: async () => ({ SEED_DEMO: 'true', ...(await large.env()) }),
    cleanup: large.cleanup,
    async prepare(server) {
      const seconds = await seedProducts({
        dataDir: server.dataDir,
        databaseUrl: server.env.DATABASE_URL,
        count: SCALE,
      });
      console.log(`catalogue-100k: inserted ${SCALE} products in ${seconds.toFixed(1)} s`);
    },
    routes: catalogueRoutes,
  },
];

/** Every catalogue read serves at least half the requests per second of a bare Fastify route in its own process. */
export const MIN_READ_RATIO = 0.5;
/** Every catalogue route's p99 over a steady run (90 s) on the demo catalogue. */
export const STEADY_P99_MS = 20;

const rowOf = (rows, name) => rows.find((r) => r.name === name);

const readRatio = (scenario, route) => ({
  scenarios: [scenario],
  name: (rows) => {
    const row = rowOf(rows, `${scenario}: ${route}`);
    return `${scenario}: ${route} at >= ${MIN_READ_RATIO}x bare Fastify (${row ? `${row.rpsRatio}x: ${row.rps} vs ${row.baselineRps} req/s` : 'not run'})`;
  },
  test(rows) {
    const row = rowOf(rows, `${scenario}: ${route}`);
    if (!row) return `missing row`;
    return row.rpsRatio >= MIN_READ_RATIO ? null : `${row.rpsRatio}x`;
  },
});

const steadyP99 = (route) => ({
  scenarios: ['catalogue'],
  name: (rows) => {
    const row = rowOf(rows, `catalogue: ${route}`);
    return `catalogue: ${route} p99 <= ${STEADY_P99_MS} ms over ${row?.seconds ?? '?'} s (${row ? `${row.p99} ms` : 'not run'})`;
  },
  test(rows) {
    const row = rowOf(rows, `catalogue: ${route}`);
    if (!row) return 'missing row';
    return row.p99 <= STEADY_P99_MS ? null : `${row.p99} ms`;
  },
});

/*
 * Scale: with 100,000 products the paged list and search stay within 2x the small catalogue's p99. Latencies under
 * 10 ms are within the noise of a shared machine, so the baseline counts as at least 10 ms.
 */
const within2x = (route) => ({
  scenarios: ['catalogue', 'catalogue-100k'],
  name: (rows) => {
    const base = rowOf(rows, `catalogue: ${route}`);
    const big = rowOf(rows, `catalogue-100k: ${route}`);
    return `${route}: p99 at ${SCALE} products within 2x of the demo catalogue (${big?.p99} vs ${base?.p99} ms)`;
  },
  test(rows) {
    const base = rows.find((r) => r.name === `catalogue: ${route}`);
    const big = rows.find((r) => r.name === `catalogue-100k: ${route}`);
    if (!base || !big) return `missing rows for ${route}`;
    const limit = 2 * Math.max(base.p99, 10);
    return big.p99 <= limit ? null : `p99 ${big.p99} ms > ${limit} ms (demo catalogue p99 ${base.p99} ms)`;
  },
});

const JSON_ROUTES = [
  'featured list (API)',
  'shop pages and categories (API)',
  'search (API)',
  'product (API JSON)',
];
const PAGE_ROUTE = 'product page (HTML)';

export const checks = [
  ...[...JSON_ROUTES, PAGE_ROUTE].map(steadyP99),
  ...['catalogue', 'catalogue-100k'].flatMap((scenario) => [
    ...JSON_ROUTES.map((r) => readRatio(scenario, r)),
    readRatio(scenario, PAGE_ROUTE),
  ]),
  ...[...JSON_ROUTES, PAGE_ROUTE].map(within2x),
];
