// The sale-day part of `npm run bench`: shoppers browse (wrk, 60 connections over varied public URLs, compressed
// answers) quietly and while customers place orders at a steady rate through the real checkout endpoint, in four
// windows: quiet, orders, orders, quiet. A shared machine's speed drifts by 10-20% over minutes; in this order a
// drift that is steady over the four windows weighs on both sides alike, so the ratio measures the orders, not the
// drift (one quiet window then one with orders read 0.61x to 1.14x of one build within ten minutes, 2026-11-27).
// Goals: browsing keeps >= 0.8x its quiet rate with p99 <= 50 ms, orders' p99 <= 200 ms, no error and no timeout.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { wrk } from './wrk.mjs';

export const SALE_GOALS = { browsingRatio: 0.8, browsingP99Ms: 50, ordersP99Ms: 200 };
export const ADMIN = { phone: '0700000001', password: 'bench-admin-password-1' };
const CUSTOMERS = 3;
const ORDER_TIMEOUT_MS = 10_000;

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function call(base, method, url, body, cookie) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Customers with a delivery place, and products with stock enough for the run (restocked by the admin first, as a
 * shop does before a sale). Answers how to place one order, through any of `bases` (processes of one shop).
 */
export async function prepareSale(bases) {
  const [base] = bases;
  const json = async (url) => (await call(base, 'GET', url)).json();
  const admin = cookieOf(await call(base, 'POST', '/auth/signin', ADMIN));
  // Orders take products sold as they are: one with shades or sizes is ordered in one of them (and restocked in
  // each), which the sale's orders do not need to measure what an order costs the shop.
  const products = (await json('/products/?page=1&limit=100')).data.filter(
    (product) => product.status === 'active' && !(product.variants?.length > 0),
  );
  if (products.length < 2) throw new Error('the sale needs at least two active products without variants');
  for (const product of products) {
    if (product.stock !== null && product.stock < 100_000) {
      await call(base, 'POST', `/products/${product._id}/stock`, { change: 100_000 }, admin);
    }
  }
  const [location] = (await json('/shipping/locations')).data;
  const town = (await json('/shipping/towns')).data.find((t) => t._id === location.town);
  const county = (await json('/shipping/counties')).data.find((c) => c._id === town.county);
  const country = (await json('/shipping/countries')).data.find((c) => c._id === county.country);
  const place = { country: country.name, county: county.name, town: town.name, location: location.name };
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const phone = `07${String(randomInt(10_000_000, 99_999_999))}`;
    const signup = await call(base, 'POST', '/auth/signup', {
      fullName: `Sale Shopper ${i + 1}`,
      phone,
      password: `jacaranda-blue-${i}-88`,
    });
    const { user } = await signup.json();
    customers.push({ id: user._id, phone, cookie: cookieOf(signup) });
  }
  let n = 0;
  /** One order of one or two products, through the next process in turn: its latency in ms, or an error. */
  return async function placeOrder() {
    n += 1;
    const customer = customers[n % customers.length];
    const through = bases[n % bases.length];
    const first = products[randomInt(products.length)];
    const second = products[randomInt(products.length)];
    const items = [{ _id: first._id, count: 1 }];
    if (second._id !== first._id && n % 2 === 0) items.push({ _id: second._id, count: 1 });
    const started = performance.now();
    try {
      const { status, text } = await post(
        `${through}/api/v1/order/${customer.id}`,
        JSON.stringify({ name: 'Sale Shopper', phone: customer.phone, email: null, ...place, items }),
        customer.cookie,
      );
      const ok = status === 201 || status === 200;
      return {
        ms: performance.now() - started,
        ok,
        ...(!ok && { error: `${status} ${text.slice(0, 160)}` }),
      };
    } catch (err) {
      return {
        ms: performance.now() - started,
        ok: false,
        timeout: err.name === 'TimeoutError',
        error: String(err),
      };
    }
  };
}

/**
 * The orders' client shares the machine with the shop, so it is a light one: node:http over kept-alive connections.
 * fetch cost the bench about 3 ms of CPU per order (1 s in a 20 s window at 20 orders/s, 2026-11-27), taken from
 * the processes it measures.
 */
const ordersAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url, body, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: ordersAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie },
        signal: AbortSignal.timeout(ORDER_TIMEOUT_MS),
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (err) => reject(err.name === 'AbortError' ? timeoutError(err) : err));
    request.end(body);
  });
}

function timeoutError(cause) {
  const err = new Error(`no answer within ${ORDER_TIMEOUT_MS} ms`, { cause });
  err.name = 'TimeoutError';
  return err;
}

/** The public URLs shoppers browse on a sale day: home, shop, search, product pages and their JSON. */
export async function browsingPaths(base) {
  const json = async (url) => (await call(base, 'GET', url)).json();
  const products = (await json('/products/?page=1&limit=64')).data.map((p) => p.slug);
  const categories = (await json('/category')).data;
  return [
    '/',
    '/shop',
    ...categories.map((c) => `/shop?category=${c.slug ?? c._id}`),
    '/search?search=serum',
    '/search?search=shea',
    ...products.map((slug) => `/product/${slug}`),
    ...products.map((slug) => `/api/v1/products/${slug}`),
    ...[1, 2, 3].map((p) => `/api/v1/products/featuredandnew?page=${p}&limit=10`),
    ...[1, 2, 3, 4].map((p) => `/api/v1/products/?page=${p}`),
    ...categories.map((c) => `/api/v1/products/?page=1&category=${c._id}`),
    '/api/v1/products/search?search=serum&limit=25',
    '/api/v1/category',
  ];
}

const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] : 0;
};

/** Browsing through every base at once (the connections split between them): summed rate, worst p99. */
async function browse(bases, paths, connections, seconds) {
  const each = await Promise.all(
    bases.map((base) => wrk({ base, paths, connections: Math.round(connections / bases.length), seconds })),
  );
  return {
    rps: each.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...each.map((r) => r.p50)),
    p99: Math.max(...each.map((r) => r.p99)),
    errors: each.reduce((sum, r) => sum + r.errors, 0),
    timeouts: each.reduce((sum, r) => sum + r.timeouts, 0),
  };
}

/** Two windows of one kind as one: the mean rate (the windows are as long), the worst percentiles, every error. */
function together(a, b) {
  return {
    rps: (a.rps + b.rps) / 2,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
  };
}

/** How long shoppers browse while orders are placed before anything is measured (V8 optimises the checkout too). */
const ORDERS_WARMUP_SECONDS = 15;

/**
 * Browses for `seconds` while `perSecond` orders a second are placed through `placeOrder` (each on time, whether the
 * previous one has answered or not, as customers do), then waits for every order's answer. Answers the browsing of
 * each window and every order's outcome.
 */
async function browseWhileOrdering({ bases, paths, connections, seconds, windows, perSecond, placeOrder }) {
  const orders = [];
  const pending = [];
  const timer = setInterval(() => pending.push(placeOrder().then((o) => orders.push(o))), 1000 / perSecond);
  const browsing = [];
  try {
    for (let i = 0; i < windows; i += 1) browsing.push(await browse(bases, paths, connections, seconds));
  } finally {
    clearInterval(timer);
  }
  await Promise.all(pending);
  return { browsing, orders };
}

/**
 * Browsing in four windows of `seconds`: quiet, then two while `perSecond` orders a second are placed, then quiet
 * again once every order has answered. Before them, browsing with orders for a while, unmeasured: the checkout's
 * code is as warm as on a shop that has been selling for a while (its first orders are also V8's work to optimise
 * it, on the same two cores). Answers both kinds of window and the orders' figures.
 */
export async function saleDay({ bases, perSecond, seconds, warmupSeconds, connections = 60 }) {
  const placeOrder = await prepareSale(bases);
  const paths = await browsingPaths(bases[0]);
  const load = { bases, paths, connections, perSecond, placeOrder };
  for (const base of bases) for (const p of paths) await fetch(`${base}${p}`).then((r) => r.arrayBuffer());
  await browse(bases, paths, connections, warmupSeconds);
  await browseWhileOrdering({ ...load, seconds: ORDERS_WARMUP_SECONDS, windows: 1 });
  const quietBefore = await browse(bases, paths, connections, seconds);
  const { browsing: sales, orders } = await browseWhileOrdering({ ...load, seconds, windows: 2 });
  const quietAfter = await browse(bases, paths, connections, seconds);
  return {
    quiet: together(quietBefore, quietAfter),
    sale: together(sales[0], sales[1]),
    windows: { quietBefore, sales, quietAfter },
    urls: paths.length,
    orders: {
      placed: orders.length,
      perSecond: +(orders.length / (2 * seconds)).toFixed(1),
      p50: +median(orders.map((o) => o.ms)).toFixed(0),
      p99: +p99(orders.map((o) => o.ms)).toFixed(0),
      errors: orders.filter((o) => !o.ok && !o.timeout).length,
      timeouts: orders.filter((o) => o.timeout).length,
      /** The first few distinct failures, to say what went wrong. */
      failures: [...new Set(orders.filter((o) => o.error).map((o) => o.error))].slice(0, 3),
    },
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

/** Each sale-day goal with its figure: [name, problem or null]. */
export function saleDayVerdicts(name, result) {
  const { quiet, sale, orders } = result;
  const ratio = sale.rps / Math.max(quiet.rps, 1);
  const g = SALE_GOALS;
  return [
    [
      `${name}: browsing during orders at >= ${g.browsingRatio}x quiet (${Math.round(sale.rps)} vs ${Math.round(quiet.rps)} req/s = ${ratio.toFixed(2)}x)`,
      ratio >= g.browsingRatio ? null : `${ratio.toFixed(2)}x`,
    ],
    [
      `${name}: browsing p99 during orders <= ${g.browsingP99Ms} ms (${sale.p99.toFixed(1)} ms)`,
      sale.p99 <= g.browsingP99Ms ? null : `${sale.p99.toFixed(1)} ms`,
    ],
    [
      `${name}: orders p99 <= ${g.ordersP99Ms} ms (${orders.p99} ms over ${orders.placed} orders, ${orders.perSecond}/s)`,
      orders.p99 <= g.ordersP99Ms ? null : `${orders.p99} ms`,
    ],
    [
      `${name}: no errors or timeouts (browsing ${quiet.errors + sale.errors} errors, ${quiet.timeouts + sale.timeouts} timeouts; orders ${orders.errors} errors, ${orders.timeouts} timeouts)`,
      quiet.errors + sale.errors + quiet.timeouts + sale.timeouts + orders.errors + orders.timeouts === 0
        ? null
        : 'errors or timeouts',
    ],
  ];
}
