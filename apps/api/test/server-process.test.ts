import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_SERVER, startServerProcess, waitForHealth } from './support/server-process';

/** The built server as a real process: start-up validation and graceful shutdown (npm test builds it first). */
const dirs: string[] = [];

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-proc-'));
  dirs.push(dataDir);
  return startServerProcess({ DATA_DIR: dataDir, ...env });
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('is built', () => {
    expect(existsSync(BUILT_SERVER), 'run `npm run build` first').toBe(true);
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
