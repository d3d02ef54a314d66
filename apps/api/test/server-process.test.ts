import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** The built server as a real process: start-up validation and graceful shutdown (npm test builds it first). */
const server = path.resolve(import.meta.dirname, '../dist/server.js');
const dirs: string[] = [];

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-proc-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [server], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('is built', () => {
    expect(existsSync(server), 'run `npm run build` first').toBe(true);
  });

  it('refuses to start on a bad value and names the variable', async () => {
    const proc = start({ PORT: 'eighty' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('PORT:');
  });

  it('finishes in-flight requests on SIGTERM, then exits cleanly', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const proc = start({ PORT: String(port), LOG_LEVEL: 'info' });
    await waitForHealth(port);
    // A request whose body is still arriving when SIGTERM comes must still get its answer.
    const body = JSON.stringify({ note: 'in flight during shutdown' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/no-such-route',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        proc.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const res = await answer;
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ error: 'No route for POST /api/v1/no-such-route' });
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('shut down cleanly');
    expect(proc.output()).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  });
});
