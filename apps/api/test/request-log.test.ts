import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { isQuietRequest, serverLogger } from '../src/lib/logging';
import { testConfig } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-db';

/** A built web app with one script, so static requests can be told from the rest. */
function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'urembo-log-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>t</title><!--app-head--><!--/app-head-->',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('request logs', () => {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.destroy();
    app = undefined;
    database = undefined;
  });

  async function start(env: Record<string, string>, destination: Writable) {
    database = await createTestDatabase('sqlite', null);
    const config = testConfig(database.dataDir, { WEB_DIST: webDist(), ...env });
    app = await buildApp({ config, database, logger: serverLogger(config, destination) });
    await app.ready();
    return app;
  }

  async function browse(server: FastifyInstance) {
    for (const url of ['/', '/assets/index-abc123.js', '/favicon.svg', '/shop']) {
      expect((await server.inject({ url })).statusCode, url).toBe(200);
    }
    const signin = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { phone: '0700000001', password: 'wrong-password-123' },
    });
    expect(signin.statusCode).toBe(401);
  }

  it('in JSON, keep one line per page and API call and leave static files out at info level', async () => {
    const { lines, stream } = capture();
    await browse(await start({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, stream));
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.req);
    expect(requests.map((e) => e.msg)).toEqual([
      expect.stringMatching(/^GET \/ 200 \d+ms$/),
      expect.stringMatching(/^GET \/shop 200 \d+ms$/),
      expect.stringMatching(/^POST \/api\/v1\/auth\/signin 401 \d+ms$/),
    ]);
    const signin = requests[2]!;
    expect(signin).toMatchObject({ level: 30, res: { statusCode: 401 }, req: { method: 'POST' } });
    expect(signin.reqId).toEqual(expect.any(String));
  });

  it('write the same line for a kept answer sent before routing, with metrics counting it', async () => {
    const { lines, stream } = capture();
    const server = await start(
      { LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_TOKEN: 'metrics-token-0123456789' },
      stream,
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const spy = vi.spyOn(server.caches.answers, 'get');
    // The first read goes through the route; the second is the lane's (lib/kept-answer-lane.ts).
    for (const id of ['first-read', 'second-read']) {
      const res = await fetch(`${base}/api/v1/category`, { headers: { 'x-request-id': id } });
      expect(res.status).toBe(200);
    }
    expect(spy).toHaveBeenCalledTimes(1);
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.req);
    expect(requests).toHaveLength(2);
    const [viaRoute, viaLane] = requests;
    for (const [entry, id] of [
      [viaRoute, 'first-read'],
      [viaLane, 'second-read'],
    ] as const) {
      expect(entry).toMatchObject({
        level: 30,
        reqId: id,
        req: { method: 'GET', url: '/api/v1/category', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        msg: expect.stringMatching(/^GET \/api\/v1\/category 200 \d+ms$/),
      });
      expect(Object.keys(entry!)).toEqual(Object.keys(viaRoute!));
      expect(Object.keys(entry!.req as object)).toEqual(Object.keys(viaRoute!.req as object));
    }
    const metrics = await server.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(metrics.body).toMatch(
      /urembo_http_requests_total\{method="GET",route="\/api\/v1\/category",status="200"\} 2/,
    );
  });

  it("behind the shop's proxy, log the visitor's address and host for a kept answer as the route does", async () => {
    const { lines, stream } = capture();
    const server = await start({ LOG_LEVEL: 'info', LOG_FORMAT: 'json', TRUST_PROXY: 'true' }, stream);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const spy = vi.spyOn(server.caches.answers, 'get');
    for (const id of ['first-read', 'second-read']) {
      const res = await fetch(`${base}/api/v1/category`, {
        headers: {
          'x-request-id': id,
          // The left-most entry is the client's own word; the shop's one proxy wrote the right-most.
          'x-forwarded-for': '198.51.100.66, 203.0.113.9',
          'x-forwarded-host': 'duka.example.co.ke',
        },
      });
      expect(res.status).toBe(200);
    }
    // The second read was the lane's.
    expect(spy).toHaveBeenCalledTimes(1);
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.req);
    expect(requests.map((e) => e.reqId)).toEqual(['first-read', 'second-read']);
    for (const entry of requests) {
      expect(entry.req).toMatchObject({ remoteAddress: '203.0.113.9', host: 'duka.example.co.ke' });
    }
    // The same fields; only the client's port may differ (fetch may open a second connection).
    const { remotePort: _first, ...viaRoute } = requests[0]!.req as Record<string, unknown>;
    const { remotePort: _second, ...viaLane } = requests[1]!.req as Record<string, unknown>;
    expect(viaLane).toEqual(viaRoute);
  });

  it('at debug level, keep the static files too', async () => {
    const { lines, stream } = capture();
    await browse(await start({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, stream));
    const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toContainEqual(expect.stringMatching(/^GET \/assets\/index-abc123\.js 200 \d+ms$/));
    expect(messages).toContainEqual(expect.stringMatching(/^GET \/favicon\.svg 200 \d+ms$/));
  });

  it('at warn level, write no request line, pages, files or refusals', async () => {
    const { lines, stream } = capture();
    await browse(await start({ LOG_LEVEL: 'warn', LOG_FORMAT: 'json' }, stream));
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.req);
    expect(requests).toEqual([]);
  });

  it('in the pretty format, print one readable line per entry', async () => {
    const { lines, stream } = capture();
    await browse(await start({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, stream));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).toThrow();
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/v1\/auth\/signin 401 \d+ms$/),
    );
    expect(lines.join('\n')).not.toContain('index-abc123.js');
  });

  it('count only successful GETs of files as static', () => {
    expect(isQuietRequest('GET', '/assets/index-abc123.js', 200)).toBe(true);
    expect(isQuietRequest('GET', '/api/v1/images/0f3a-640.webp?v=2', 304)).toBe(true);
    expect(isQuietRequest('GET', '/assets/missing.js', 404)).toBe(false);
    expect(isQuietRequest('GET', '/product/rose-water-toner', 200)).toBe(false);
    expect(isQuietRequest('POST', '/api/v1/auth/signin', 200)).toBe(false);
  });
});

describe('LOG_FORMAT', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'urembo-log-format-'));
  it('is JSON in production, whatever the terminal, and can be chosen', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe(
      'pretty',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT: must be pretty or json',
    );
  });
});
