import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from './support/test-app';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library would send these) and reads the answer up to the socket's end. */
async function raw(port: number, request: string): Promise<RawAnswer> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.on('data', (chunk) => (out += chunk.toString('latin1')));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
  });
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  let body = rest.join('\r\n\r\n');
  if (headers['transfer-encoding'] === 'chunked')
    body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

describeEachDialect('framework errors answer in the shop language', (ctx) => {
  let port = 0;
  const start = async () => {
    if (port) return port;
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx().app.server.address() as net.AddressInfo).port;
    return port;
  };

  const cases: [string, () => string, number, RegExp][] = [
    ['an over-long URL', () => get(`/api/v1/products/${'a'.repeat(20_000)}`), 431, /too long/i],
    ['an over-long path parameter', () => get(`/api/v1/products/${'a'.repeat(600)}`), 414, /too long/i],
    [
      'an over-long header',
      () => get('/api/v1/health', `X-Big: ${'b'.repeat(20_000)}\r\n`),
      431,
      /too long/i,
    ],
    [
      'an unsupported media type',
      () =>
        'POST /api/v1/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/xml\r\nContent-Length: 4\r\nConnection: close\r\n\r\n<a/>',
      415,
      /must be JSON/,
    ],
    [
      'a body too large',
      () =>
        'POST /api/v1/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n{}',
      413,
      /too large/,
    ],
    ['a malformed request line', () => 'GARBAGE\r\n\r\n', 400, /malformed/i],
    ['a broken percent-encoding', () => get('/api/v1/products/%E0%A4%A'), 400, /./],
  ];

  for (const [name, request, status, message] of cases) {
    it(`${name}: ${status} {error} with the security headers, never FST_ or a stack`, async () => {
      const answer = await raw(await start(), request());
      expect(answer.status, answer.body).toBe(status);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatch(message);
      expect(answer.body).not.toMatch(/FST_|at .*\.js|statusCode/);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  }
});

describe('raw()', () => {
  it('reads a plain answer', async () => {
    const server = net.createServer((s) => s.end('HTTP/1.1 204 No Content\r\nX-A: b\r\n\r\n'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const answer = await raw((server.address() as net.AddressInfo).port, 'GET / HTTP/1.1\r\n\r\n');
    expect(answer).toEqual({ status: 204, headers: { 'x-a': 'b' }, body: '' });
    server.close();
  });
});
