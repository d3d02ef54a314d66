// `npm run bench`: load-tests the production server on loopback with wrk and prints each goal with its figure and
// ok/FAIL. Run it alone on the machine (`flock /tmp/urembo-heavy.lock npm run bench` where several share it):
// - sale day: shoppers browse (60 connections, varied public URLs, compressed answers) quietly, then while orders
//   are placed at 5/s (SQLite, one process) and at 20/s (PostgreSQL, two processes sharing Redis) (sale-day.mjs);
// - steady reads: each catalogue route for BENCH_STEADY_SECONDS (400 s: longer than any cache's TTL, the kept bytes'
//   300 s drawn up to 360 s, so every kept answer is refreshed once during the run), p99 <= 20 ms;
// - reads at >= 0.5x a bare Fastify route in a process of its own, on the demo catalogue and on 100,000 products;
// - memory, and Lighthouse (lighthouse.mjs).
// BENCH_ONLY=sale-sqlite,sale-postgres,demo,catalogue,catalogue-100k,memory,lighthouse runs only those parts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { measureLighthouse, printLighthouse } from './lighthouse.mjs';
import { MEMORY_BUDGET_MB, measureMemory } from './memory.mjs';
import { ADMIN, saleDay, saleDayVerdicts } from './sale-day.mjs';
import { startProductionServer } from './server.mjs';
import { checks, targets } from './targets.mjs';
import { ensureWrk, wrk } from './wrk.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

const duration = Number(process.env.BENCH_SECONDS || 10);
const steadySeconds = Number(process.env.BENCH_STEADY_SECONDS || 400);
const saleSeconds = Number(process.env.BENCH_SALE_SECONDS || 30);
const saleConnections = Number(process.env.BENCH_SALE_CONNECTIONS || 60);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const port = Number(process.env.BENCH_PORT || 3190);
const pgAdminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

ensureWrk();

/**
 * Loads `base` for `seconds`, after `warmup` seconds of the same load that are not counted (V8 optimises a route's
 * code over its first thousands of requests).
 */
async function run(base, paths, seconds = duration) {
  await wrk({ base, paths, connections, seconds: warmup });
  return wrk({ base, paths, connections, seconds });
}

/** The production server as a benchmark runs it: no heap caps (the memory part measures `npm run serve` as is). */
const startServer = (env, at = port) => startProductionServer({ root, port: at, env, asServed: false });

function row(name, result, baseline) {
  return {
    name,
    rps: Math.round(result.rps),
    ...(baseline && { baselineRps: Math.round(baseline.rps) }),
    p50: +result.p50.toFixed(2),
    p99: +result.p99.toFixed(2),
    errors: result.errors + result.timeouts,
    rpsRatio: baseline ? +(result.rps / baseline.rps).toFixed(2) : 1,
  };
}

/** The bare Fastify route, in a process of its own (as the shop's server is), not in the load generator's. */
const barePort = port + 1;
const bareBase = `http://127.0.0.1:${barePort}`;
const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), String(barePort)], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; ; i++) {
  if (
    await fetch(`${bareBase}/bare`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 100) throw new Error('bench: the bare Fastify process did not start');
  await new Promise((r) => setTimeout(r, 100));
}

/**
 * The same answer from the bare route: the body's bytes and every header (the security headers too), replayed as
 * recorded, so for pages and long lists (`sameAnswer`) the ratio is also taken against a route that costs the load
 * generator the same: what is left is the server's own work.
 */
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function sameAnswerBaseline(base, p) {
  // node:http, not fetch: fetch would decompress the body.
  const res = await new Promise((resolve, reject) =>
    http.get(`${base}${p}`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve).on('error', reject),
  );
  const chunks = [];
  for await (const chunk of res) chunks.push(chunk);
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  await fetch(`${bareBase}/replay`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ body: Buffer.concat(chunks).toString('base64'), headers }),
  });
  return run(bareBase, ['/replay']);
}

const rows = [];
const sales = [];
// BENCH_ONLY=catalogue,lighthouse runs only those parts (scenario names, "sale-sqlite", "memory", "lighthouse").
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const wanted = (part) => !only || only.has(part);

try {
  /* Sale day, SQLite: one process, 5 orders a second. */
  if (wanted('sale-sqlite')) {
    const server = await startServer({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password });
    try {
      const result = await saleDay({
        bases: [server.base],
        perSecond: 5,
        connections: saleConnections,
        seconds: saleSeconds,
        warmupSeconds: warmup,
      });
      sales.push({ name: 'sale day, SQLite, 1 process, 5 orders/s', result });
    } finally {
      await server.stop();
    }
  }

  /* Sale day, PostgreSQL: two processes sharing one database and one Redis, 20 orders a second. */
  if (wanted('sale-postgres')) {
    const database = `urembo_bench_sale_${Date.now()}`;
    const admin = async (sql) => {
      const client = new pg.Client({ connectionString: pgAdminUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${database}`);
    const url = new URL(pgAdminUrl);
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `${database}:`,
      // One secret for both, as behind a load balancer: a session made through one is a session on the other.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const servers = [];
    try {
      servers.push(await startServer(env, port + 2)); // migrates, seeds the demo and creates the admin
      servers.push(await startServer(env, port + 3));
      const result = await saleDay({
        bases: servers.map((s) => s.base),
        perSecond: 20,
        connections: saleConnections,
        seconds: saleSeconds,
        warmupSeconds: warmup,
      });
      sales.push({ name: 'sale day, PostgreSQL, 2 processes + Redis, 20 orders/s', result });
    } finally {
      for (const server of servers) await server.stop();
      await admin(`drop database if exists ${database} with (force)`);
    }
  }

  for (const scenario of targets.filter((t) => wanted(t.name))) {
    // env may be computed (a scenario creating its own PostgreSQL database); cleanup undoes that.
    const env = typeof scenario.env === 'function' ? await scenario.env() : (scenario.env ?? {});
    const server = await startServer(env);
    const seconds = scenario.steady ? steadySeconds : duration;
    try {
      if (scenario.prepare) await scenario.prepare(server);
      for (const route of await scenario.routes(server)) {
        // The bare route is measured right before each route, so both see the machine in the same state (a shared
        // virtual machine's speed drifts by 10-20% over minutes).
        const baseline = await run(bareBase, ['/bare']);
        // Steady state: each URL once first (the first visit of a page renders it; later ones read it from memory).
        for (const p of route.paths) await fetch(`${server.base}${p}`).then((r) => r.arrayBuffer());
        const result = await run(server.base, route.paths, seconds);
        rows.push({
          ...row(`${scenario.name}: ${route.name}`, result, baseline),
          seconds,
          urls: route.paths.length,
        });
        if (route.sameAnswer) {
          const same = await sameAnswerBaseline(server.base, route.paths[0]);
          rows.push(row(`${scenario.name}: bare Fastify sending the same answer`, same));
          rows.push({
            ...row(`${scenario.name}: ${route.name} vs the same answer`, result, same),
            urls: route.paths.length,
          });
        }
      }
    } finally {
      await server.stop();
      await scenario.cleanup?.();
    }
  }
} finally {
  bare.kill('SIGTERM');
}

const memory = wanted('memory') ? await measureMemory({ root, port: port + 5 }) : null;
if (memory) {
  console.log(
    '\nmemory: a first start (demo data and pictures), then 100 shoppers on varied storefront URLs\n',
  );
  console.table([memory]);
}
const lighthouse = wanted('lighthouse') ? await measureLighthouse({ root, port: port + 7 }) : null;
if (lighthouse) printLighthouse(lighthouse);

for (const { name, result } of sales) {
  console.log(
    `\n${name}: browsing over ${result.urls} URLs in windows of ${saleSeconds} s: quiet, with orders twice, quiet\n`,
  );
  const { quietBefore, sales: withOrders, quietAfter } = result.windows;
  console.table([
    { run: 'quiet, first window', ...pick(quietBefore) },
    { run: 'with orders, first window', ...pick(withOrders[0]) },
    { run: 'with orders, second window', ...pick(withOrders[1]) },
    { run: 'quiet, last window', ...pick(quietAfter) },
    { run: 'quiet (both windows)', ...pick(result.quiet) },
    { run: 'with orders (both windows)', ...pick(result.sale) },
    { run: 'orders', rps: result.orders.perSecond, ...withoutFailures(result.orders) },
  ]);
  for (const failure of result.orders.failures) console.log(`an order failed: ${failure}`);
}
function withoutFailures({ failures: _f, ...orders }) {
  return orders;
}
function pick(r) {
  return {
    rps: Math.round(r.rps),
    p50: +r.p50.toFixed(2),
    p99: +r.p99.toFixed(2),
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

if (rows.length > 0) {
  console.log(
    `\nwrk: ${connections} connections, ${duration} s per route (${steadySeconds} s on the demo catalogue) after ${warmup} s of warm-up, loopback\n`,
  );
  console.table(rows);
}
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
const out = path.join(root, 'bench-results', 'latest.json');
writeFileSync(
  out,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      duration,
      steadySeconds,
      saleSeconds,
      warmup,
      connections,
      sales,
      rows,
      memory,
      lighthouse,
    },
    null,
    2,
  ),
);
console.log(`written to ${path.relative(root, out)}\n`);

let problems = 0;
const report = (name, problem) => {
  if (problem) problems += 1;
  console.log(`${problem ? 'FAIL' : 'ok  '} ${name}${problem ? `: ${problem}` : ''}`);
};
for (const { name, result } of sales)
  for (const [goal, problem] of saleDayVerdicts(name, result)) report(goal, problem);
for (const r of rows.filter((r) => r.errors > 0))
  report(`${r.name}: no errors`, `${r.errors} errors or timeouts`);
if (memory) {
  const memoryPeak = Math.max(memory.startPeakMb, memory.loadPeakMb);
  report(
    `memory: first start and 100 shoppers (peak ${memoryPeak} MB, budget ${MEMORY_BUDGET_MB} MB)`,
    memoryPeak > MEMORY_BUDGET_MB || memory.errors > 0
      ? `peak ${memoryPeak} MB, ${memory.errors} errors`
      : null,
  );
}
for (const page of lighthouse ?? []) {
  if (page.reference) {
    console.log(
      `  (no goal) Lighthouse ${page.page}: performance ${page.runs}, total blocking time ${page.tbtMs} ms`,
    );
    continue;
  }
  report(
    `Lighthouse ${page.page} (${page.path}): performance ${page.runs}, CLS ${page.cls}, ${page.jsKbGzip} KB JS gzip`,
    page.misses.length ? page.misses.join('; ') : null,
  );
}
const ranNames = new Set(rows.map((r) => r.name.split(':')[0]));
for (const check of (checks ?? []).filter((c) => c.scenarios.every((s) => ranNames.has(s)))) {
  report(check.name(rows), check.test(rows));
}
if (problems > 0) process.exit(1);
