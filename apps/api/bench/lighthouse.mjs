// The Lighthouse part of `npm run bench`: the production server with demo data, then Lighthouse's mobile defaults
// (simulated slow 4G, 4x CPU slow-down, Moto G Power screen) on the six storefront pages a visitor lands on (and a
// product sold in shades), in English and in Kiswahili, each
// run LIGHTHOUSE_RUNS times (default 3) in a fresh headless Chromium; every run must meet the goals, so the worst run
// (by performance score) is shown, with every run's score beside it.
// Goals: performance >= 95, accessibility 100, best practices >= 95, SEO 100 on indexable pages, CLS <= 0.02,
// no console error and no failed request, and at most 120 KB of JavaScript (gzip) on the first visit.
// Then a page with nothing in it is audited the same way, without a goal: the machine's floor.
// Run alone: `node apps/api/bench/lighthouse.mjs` after `npm run build` (LIGHTHOUSE_PAGES=product,sign-in for some).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProductionServer } from './server.mjs';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);

export const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  cls: 0.02,
  jsKbGzip: 120,
};

const webDist = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * The first visit's JavaScript as gzip bytes: every script the page loaded, measured from the build (its .gz beside
 * it, or gzipped here), so the figure is the goal's own unit and leaves out headers and brotli's smaller size.
 * Scripts fetched ahead of the app's start (public/boot.js fetches them into the cache) count as well.
 */
function scriptsGzipKb(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script' || new URL(item.url).pathname.endsWith('.js'),
  );
  let bytes = 0;
  for (const pathname of new Set(scripts.map(({ url }) => new URL(url).pathname))) {
    const file = path.join(webDist, pathname);
    if (existsSync(`${file}.gz`)) bytes += readFileSync(`${file}.gz`).length;
    else if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
    else throw new Error(`lighthouse: ${pathname} is not in the web build`);
  }
  return +(bytes / 1024).toFixed(1);
}

/**
 * The pages: the product is the first featured one (a real slug from the demo catalogue), and the product in shades
 * is the first one sold in shades with swatches (its page draws the swatches and the chosen shade's price and stock).
 */
async function pages(base) {
  const featured = await (await fetch(`${base}/api/v1/products/featuredandnew`)).json();
  const slug = featured.data?.[0]?.slug;
  if (!slug) throw new Error('no featured product to open');
  const listed = await (await fetch(`${base}/api/v1/products/?page=1&limit=100`)).json();
  const shaded = listed.data?.find((p) => p.variants?.some((v) => v.swatch))?.slug;
  if (!shaded) throw new Error('no product in shades to open');
  return [
    { name: 'home', path: '/', indexable: true },
    { name: 'shop', path: '/shop', indexable: true },
    { name: 'search', path: '/search?search=serum', indexable: false },
    { name: 'product', path: `/product/${slug}`, indexable: true },
    { name: 'product-shades', path: `/product/${shaded}`, indexable: true },
    { name: 'cart', path: '/cart', indexable: false },
    { name: 'sign-in', path: '/signin', indexable: false },
    // The same six pages in Kiswahili (the language a visitor picks is the page's address, `?lang=sw`).
    { name: 'home-sw', path: '/?lang=sw', indexable: true },
    { name: 'shop-sw', path: '/shop?lang=sw', indexable: true },
    { name: 'search-sw', path: '/search?search=serum&lang=sw', indexable: false },
    { name: 'product-sw', path: `/product/${slug}?lang=sw`, indexable: true },
    { name: 'product-shades-sw', path: `/product/${shaded}?lang=sw`, indexable: true },
    { name: 'cart-sw', path: '/cart?lang=sw', indexable: false },
    { name: 'sign-in-sw', path: '/signin?lang=sw', indexable: false },
  ];
}

function score(category) {
  return category?.score == null ? null : Math.round(category.score * 100);
}

/** What a visitor's browser logged or failed to load (Lighthouse's own audits, which the categories also use). */
function visitorErrors(lhr) {
  const errors = (lhr.audits['errors-in-console']?.details?.items ?? []).map(
    (item) => `console: ${item.description ?? item.source}`,
  );
  const failed = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.statusCode >= 400 || item.statusCode === -1)
    .map((item) => `${item.statusCode} ${item.url}`);
  return [...errors, ...failed];
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (process.env.LIGHTHOUSE_SAVE) {
      mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'home';
      writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${name}.json`), JSON.stringify(lhr));
    }
    return {
      performance: score(lhr.categories.performance),
      accessibility: score(lhr.categories.accessibility),
      bestPractices: score(lhr.categories['best-practices']),
      seo: score(lhr.categories.seo),
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
      siMs: Math.round(lhr.audits['speed-index'].numericValue),
      jsKbGzip: scriptsGzipKb(lhr),
      // Lighthouse's measure of this machine's speed (its own test; a phone it simulates is calibrated at about 1,000+).
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
      problems: visitorErrors(lhr),
      failedAudits: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

/** Chromium now and then records a trace without its navigation start (NO_NAVSTART): that run is taken again. */
async function auditWithRetry(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`lighthouse: ${error.message}; again`);
    }
  }
}

function worst(runs) {
  return [...runs].sort((a, b) => a.performance - b.performance)[0];
}

/** What misses a goal on one run of a page ([] when it meets them all). */
export function lighthouseMisses(page, result) {
  const misses = [];
  if (result.performance < LIGHTHOUSE_GOALS.performance) misses.push(`performance ${result.performance}`);
  if (result.accessibility < LIGHTHOUSE_GOALS.accessibility)
    misses.push(`accessibility ${result.accessibility}`);
  if (result.bestPractices < LIGHTHOUSE_GOALS.bestPractices)
    misses.push(`best practices ${result.bestPractices}`);
  if (page.indexable && result.seo < LIGHTHOUSE_GOALS.seo) misses.push(`SEO ${result.seo}`);
  if (result.cls > LIGHTHOUSE_GOALS.cls) misses.push(`CLS ${result.cls}`);
  if (result.jsKbGzip > LIGHTHOUSE_GOALS.jsKbGzip) misses.push(`JavaScript ${result.jsKbGzip} KB gzip`);
  if (result.problems.length > 0) misses.push(...result.problems);
  return misses;
}

/**
 * The machine's floor: a page with nothing in it (bare-server.mjs, a process of its own), audited as the pages are.
 * No goal: it shows what Lighthouse's simulated slow phone counts on this machine for any page at all (Chromium's
 * own work for a navigation, multiplied by 4 like the page's).
 */
async function emptyPageRow(port) {
  const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), String(port)], {
    stdio: 'ignore',
  });
  try {
    const url = `http://127.0.0.1:${port}/empty-page`;
    for (
      let i = 0;
      !(await fetch(url).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 100) throw new Error('lighthouse: the empty page did not come up');
      await new Promise((r) => setTimeout(r, 100));
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(url));
    return {
      page: 'empty page (reference)',
      path: '/empty-page',
      ...worst(runs),
      runs: runs.map((run) => run.performance).join('/'),
      reference: true,
      misses: [],
    };
  } finally {
    bare.kill('SIGTERM');
  }
}

/**
 * Starts the production server on a fresh demo database, audits the pages, stops it; then audits the empty page
 * (on the next port) as a reference without a goal.
 */
export async function measureLighthouse({ root, port }) {
  const server = await startProductionServer({ root, port, name: 'bench-lighthouse' });
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const rows = [];
  try {
    for (const page of (await pages(server.base)).filter((p) => !only || only.includes(p.name))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${server.base}${page.path}`));
      const result = worst(runs);
      const misses = [...new Set(runs.flatMap((run) => lighthouseMisses(page, run)))];
      rows.push({
        page: page.name,
        path: page.path,
        ...result,
        runs: runs.map((run) => run.performance).join('/'),
        misses,
      });
    }
  } finally {
    await server.stop();
  }
  if (!only || only.includes('empty')) rows.push(await emptyPageRow(port + 1));
  return rows;
}

export function printLighthouse(rows) {
  console.log(
    `\nLighthouse ${RUNS > 1 ? `(worst of ${RUNS} runs)` : ''}: mobile defaults, simulated slow 4G, 4x CPU\n`,
  );
  console.table(
    rows.map(({ problems: _p, failedAudits: _f, misses, ...row }) => ({ ...row, misses: misses.join('; ') })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '../../..');
  const rows = await measureLighthouse({ root, port: Number(process.env.BENCH_PORT || 3190) + 7 });
  printLighthouse(rows);
  for (const row of rows)
    if (row.failedAudits.length && !row.reference)
      console.log(row.page, 'failed audits:', row.failedAudits.join(', '));
  if (rows.some((r) => r.misses.length > 0)) process.exit(1);
}
