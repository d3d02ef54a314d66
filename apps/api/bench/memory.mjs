// The memory part of `npm run bench`: one production process on a FIRST start (empty DATA_DIR, demo data and
// pictures drawn), then 100 concurrent shoppers browsing varied storefront URLs. Reports the resident memory
// (Linux /proc): the peak during start-up, idle after it, and the peak under load. Budget: 200 MB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startProductionServer } from './server.mjs';

export const MEMORY_BUDGET_MB = 200;

function statusMb(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

export async function measureMemory({ root, port, shoppers = 100, seconds = 15 }) {
  // The same command as `npm run serve` (its heap flags), on a first start.
  const server = await startProductionServer({ root, port, name: 'bench-memory' });
  const { base } = server;
  try {
    const startPeak = statusMb(server.pid, 'VmHWM');
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = statusMb(server.pid, 'VmRSS');

    // What shoppers open: pages, lists, searches, products (JSON and HTML) and their pictures.
    const products = (await (await fetch(`${base}/api/v1/products/?limit=100`)).json()).data;
    const paths = [
      '/',
      '/api/v1/products/featuredandnew',
      ...[1, 2, 3, 4, 5, 6, 7].map((p) => `/api/v1/products/?page=${p}`),
      ...['serum', 'shea', 'lipstick', 'oil', 'soap', 'mask', 'rose', 'hair'].map(
        (t) => `/api/v1/products/search?search=${t}`,
      ),
      ...products.flatMap((p) => [
        `/api/v1/products/${p.slug}`,
        `/product/${p.slug}`,
        ...(p.images[0] ? [p.images[0].replace('-1200', '-320')] : []),
      ]),
    ];
    let loadPeak = 0;
    const sampler = setInterval(() => {
      loadPeak = Math.max(loadPeak, statusMb(server.pid, 'VmRSS'));
    }, 100);
    const result = await new Promise((resolve, reject) =>
      autocannon(
        {
          url: base,
          connections: shoppers,
          duration: seconds,
          requests: [
            {
              setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }),
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    );
    clearInterval(sampler);
    loadPeak = Math.max(loadPeak, statusMb(server.pid, 'VmRSS'));
    return {
      startPeakMb: startPeak,
      idleMb: idle,
      loadPeakMb: loadPeak,
      shoppers,
      seconds,
      requests: result.requests.total,
      errors: result.errors + result.non2xx,
    };
  } finally {
    await server.stop();
  }
}

// `node apps/api/bench/memory.mjs` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '../../..');
  const m = await measureMemory({ root, port: Number(process.env.BENCH_PORT || 3190) + 5 });
  console.table([m]);
  const over = Math.max(m.startPeakMb, m.loadPeakMb) > MEMORY_BUDGET_MB;
  console.log(
    `${over ? 'FAIL' : 'ok  '} memory: first start and ${m.shoppers} shoppers within ${MEMORY_BUDGET_MB} MB`,
  );
  if (over) process.exit(1);
}
