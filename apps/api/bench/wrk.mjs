// The load generator: wrk (C, one event loop per thread), installed from Debian when missing. Measured 2026-11-25:
// a bare Fastify route in a process of its own answered 19,000-20,000 requests/s to wrk and 8,700-9,800 to
// autocannon running in the bench's own process (on the same thread as the route it measured, before).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Installs wrk with apt-get when it is not on the PATH. */
export function ensureWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (err) {
    // wrk --version exits 1 after printing its version: only a missing binary is ENOENT.
    if (err.code !== 'ENOENT') return;
    console.log('bench: wrk is missing, installing it: apt-get install -y wrk');
    execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
  }
}

/*
 * Each connection cycles through the URLs (every thread from its own starting point), asking for compressed answers
 * as every browser does; at the end each thread's counts and the latency percentiles are printed as one JSON line.
 */
const SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local i = 0
local headers = { ["Accept-Encoding"] = "br, gzip" }
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
function init(args)
  i = ((id or 0) * 7919) % #paths
end
function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], headers)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

/**
 * Loads `base` over `paths` with `connections` for `seconds` and answers requests/s, p50/p99 (ms), errors (connect,
 * read, write, HTTP 4xx/5xx) and timeouts (no answer within `timeoutSeconds`).
 */
export async function wrk({ base, paths, connections, seconds, threads = 2, timeoutSeconds = 2 }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'urembo-wrk-'));
  try {
    const script = path.join(dir, 'paths.lua');
    const list = path.join(dir, 'paths.txt');
    writeFileSync(script, SCRIPT);
    writeFileSync(list, `${paths.join('\n')}\n`);
    const args = [
      `-t${Math.min(threads, connections)}`,
      `-c${connections}`,
      `-d${seconds}s`,
      `--timeout`,
      `${timeoutSeconds}s`,
      '-s',
      script,
      base,
    ];
    const output = await new Promise((resolve, reject) => {
      const child = spawn('wrk', args, { env: { ...process.env, WRK_PATHS: list } });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`)),
      );
    });
    const line = output.split('\n').find((l) => l.startsWith('WRKJSON '));
    if (!line) throw new Error(`wrk printed no result: ${output}`);
    const r = JSON.parse(line.slice('WRKJSON '.length));
    return {
      rps: r.requests / (r.us / 1e6),
      requests: r.requests,
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      max: r.max / 1000,
      errors: r.connect + r.read + r.write + r.status,
      timeouts: r.timeout,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
