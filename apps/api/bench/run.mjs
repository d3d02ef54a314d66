// `npm run bench`: load-tests the production server on loopback with autocannon and reports requests per second,
// p50 and p99 latency for each route, and each as a ratio to a bare Fastify JSON route measured right before it.
// Targets come from bench/targets.mjs; a target may seed data first (see there).
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { measureLighthouse, printLighthouse } from './lighthouse.mjs';
import { MEMORY_BUDGET_MB, measureMemory } from './memory.mjs';
import { startProductionServer } from './server.mjs';
import { checks, targets } from './targets.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

/*
 * autocannon keeps each answer's body as a string (`body += chunk`) for its `expectBody`, `verifyBody` and
 * `onResponse` options, which this bench does not use. Turning compressed (binary) bytes into a string costs the
 * client far more than the server spends sending them: measured 2026-11-23, a bare Fastify route sending 19 KB of
 * brotli answered 3,761 requests/s with the client's core at 94% and the server's at 25%, and 26,448/s sending
 * 19 KB of `a`. On two cores that measured the client, not the server. The bench therefore counts the bytes and
 * drops the bodies, as a browser's network stack hands them on without copying; the bare baseline runs through the
 * same client.
 */
const requireFromBench = createRequire(import.meta.url);
const PipelinedRequestsQueue = requireFromBench('autocannon/lib/pipelinedRequestsQueue.js');
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function') {
  throw new Error(
    'bench: autocannon no longer has PipelinedRequestsQueue#addBody; the bench would measure the client again',
  );
}
PipelinedRequestsQueue.prototype.addBody = function keepNoBody() {};

const duration = Number(process.env.BENCH_SECONDS || 8);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const port = Number(process.env.BENCH_PORT || 3190);

/**
 * Loads `base` for `duration` seconds, after `warmup` seconds of the same load that are not counted (V8 optimises a
 * route's code over its first thousands of requests: measured 2026-11-24, the product page answered 8,500 requests
 * in its first second and 17,000-19,000 a second from the fifth on). Connections cycle through `paths` (varied URLs),
 * one request at a time, and take compressed answers as every browser does.
 */
function run(base, paths) {
  return autocannon({
    url: base,
    connections,
    duration,
    warmup: { connections, duration: warmup },
    pipelining: 1,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
}

/** The production server as a benchmark runs it: no heap caps (the memory part measures `npm run serve` as is). */
const startServer = (env) => startProductionServer({ root, port, env, asServed: false });

function row(name, result, baseline) {
  return {
    name,
    rps: Math.round(result.requests.average),
    // What the ratios are taken against: the bare route, or the bare route replaying the same answer.
    ...(baseline && { baselineRps: Math.round(baseline.requests.average) }),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    rpsRatio: baseline ? +(result.requests.average / baseline.requests.average).toFixed(2) : 1,
    p99Ratio: baseline ? +(result.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(2) : 1,
  };
}

const bare = Fastify();
bare.get('/bare', async () => ({ status: 'ok', data: [1, 2, 3] }));
// A bare route that answers with a recorded answer (a page as the shop sent it): see `sameAnswer` below.
let replay = { body: Buffer.alloc(0), headers: {} };
bare.get('/replay', (_request, reply) => reply.headers(replay.headers).send(replay.body));
await bare.listen({ port: port + 1, host: '127.0.0.1' });

/**
 * The same answer from a bare Fastify route: the body's bytes and every header (the security headers too), replayed
 * as recorded. A large answer costs the load generator more than a tiny one (its HTTP parser is JavaScript and reads
 * every header line), so for routes whose answers are pages or long lists (`sameAnswer`) the ratio is also taken
 * against this route, which the same client limits in the same way: what is left is the server's own work.
 * Measured 2026-11-23: a bare route sending the product page's 15 KB with 5 headers answered 26-30k requests/s, and
 * with the page's 17 headers 17-21k.
 */
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function sameAnswerBaseline(base, path) {
  // node:http, not fetch: fetch would decompress the body.
  const res = await new Promise((resolve, reject) =>
    http.get(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve).on('error', reject),
  );
  const chunks = [];
  for await (const chunk of res) chunks.push(chunk);
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  replay = { body: Buffer.concat(chunks), headers };
  return run(`http://127.0.0.1:${port + 1}`, ['/replay']);
}

const rows = [];
// BENCH_ONLY=catalogue,lighthouse runs only those parts (scenario names, "memory", "lighthouse").
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const wanted = (part) => !only || only.has(part);

for (const scenario of targets.filter((t) => wanted(t.name))) {
  // env may be computed (a scenario creating its own PostgreSQL database); cleanup undoes that.
  const env = typeof scenario.env === 'function' ? await scenario.env() : (scenario.env ?? {});
  const server = await startServer(env);
  try {
    if (scenario.prepare) await scenario.prepare(server);
    for (const route of await scenario.routes(server)) {
      // The bare route is measured right before each route, so both see the machine in the same state (a shared
      // virtual machine's speed drifts by 10-20% over minutes).
      const baseline = await run(`http://127.0.0.1:${port + 1}`, ['/bare']);
      // Steady state: each URL once first (the first visit of a page renders it; later ones read it from memory).
      for (const p of route.paths) await fetch(`${server.base}${p}`).then((r) => r.arrayBuffer());
      const result = await run(server.base, route.paths);
      rows.push({ ...row(`${scenario.name}: ${route.name}`, result, baseline), urls: route.paths.length });
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
await bare.close();

const memory = wanted('memory') ? await measureMemory({ root, port: port + 5 }) : null;
if (memory) {
  console.log(
    '\nmemory: a first start (demo data and pictures), then 100 shoppers on varied storefront URLs\n',
  );
  console.table([memory]);
}
const lighthouse = wanted('lighthouse') ? await measureLighthouse({ root, port: port + 7 }) : null;
if (lighthouse) printLighthouse(lighthouse);

console.log(
  `\nautocannon: ${connections} connections, ${duration} s per route after ${warmup} s of warm-up, loopback\n`,
);
console.table(rows);
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
const out = path.join(root, 'bench-results', 'latest.json');
writeFileSync(
  out,
  JSON.stringify(
    { at: new Date().toISOString(), duration, warmup, connections, rows, memory, lighthouse },
    null,
    2,
  ),
);
console.log(`written to ${path.relative(root, out)}`);
const failed = rows.filter((r) => r.errors > 0);
if (failed.length > 0) {
  console.error(`routes with errors: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
let problems = 0;
const report = (name, problem) => {
  if (problem) problems += 1;
  console.log(`${problem ? 'FAIL' : 'ok  '} ${name}${problem ? `: ${problem}` : ''}`);
};
if (memory) {
  const memoryPeak = Math.max(memory.startPeakMb, memory.loadPeakMb);
  report(
    'memory: first start and 100 shoppers',
    memoryPeak > MEMORY_BUDGET_MB || memory.errors > 0
      ? `peak ${memoryPeak} MB (budget ${MEMORY_BUDGET_MB} MB), ${memory.errors} errors`
      : null,
  );
}
for (const page of lighthouse ?? []) {
  report(`Lighthouse ${page.page} (${page.path})`, page.misses.length ? page.misses.join('; ') : null);
}
const ranNames = new Set(rows.map((r) => r.name.split(':')[0]));
for (const check of (checks ?? []).filter((c) => c.scenarios.every((s) => ranNames.has(s)))) {
  report(check.name, check.test(rows));
}
if (problems > 0) process.exit(1);
