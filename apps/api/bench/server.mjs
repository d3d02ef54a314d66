// Starts the built production server for a benchmark: a fresh DATA_DIR, demo data unless `env` says otherwise,
// waits for /health, and stops it (and removes the folder) afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run serve` as package.json writes it: its environment settings (glibc's malloc arenas capped) and node's flags
 * (V8's heap capped: 80 MB old space, 8 MB semi-spaces), so the memory bench runs what production runs.
 */
function serveCommand(root) {
  const script = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
  const words = script.split(/\s+/);
  const node = words.indexOf('node');
  return {
    env: Object.fromEntries(words.slice(0, node).map((word) => word.split('='))),
    flags: words.slice(node + 1).filter((word) => word.startsWith('--')),
  };
}

export async function startProductionServer({ root, port, env = {}, asServed = true, name = 'bench' }) {
  // Without `asServed`, plain node: the throughput runs measure the code, not the heap caps.
  const serve = asServed ? serveCommand(root) : { env: {}, flags: [] };
  const dataDir = mkdtempSync(path.join(tmpdir(), `urembo-${name}-`));
  const child = spawn(process.execPath, [...serve.flags, path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The sale day restocks products as the demo admin, who has no authenticator app to answer a second step.
      ADMIN_REQUIRE_2FA: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600 || child.exitCode !== null) {
      await stop();
      throw new Error('server did not come up');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, dataDir, env, pid: child.pid, stop };
}
