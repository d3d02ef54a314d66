import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { redactUrl } from '../src/lib/log-redaction';
import { createTestDatabase, type TestDatabase } from './support/test-db';
import { testConfig } from './support/test-app';

const SECRET = 'never-in-the-logs-0123456789abcdef';

describe('request logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', null);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = testConfig(database.dataDir, { MPESA_CALLBACK_SECRET: SECRET });
    app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('never contain the callback secret', async () => {
    for (const url of [`/api/v1/m-pesa/callback/${SECRET}`, `/api/v1/payments/stk-callback/${SECRET}`]) {
      const res = await app.inject({ method: 'POST', url, payload: { Body: {} } });
      expect(res.statusCode).toBe(400);
    }
    const all = lines.join('');
    expect(all).toContain('/api/v1/m-pesa/callback/[redacted]');
    expect(all).toContain('/api/v1/payments/stk-callback/[redacted]');
    expect(all).not.toContain(SECRET);
  });

  it('redacts secrets in paths and keeps the rest', () => {
    expect(redactUrl('/api/v1/auth/reset-password/tok123?x=1')).toBe(
      '/api/v1/auth/reset-password/[redacted]?x=1',
    );
    expect(redactUrl('/api/v1/order/abc')).toBe('/api/v1/order/abc');
    for (const path of ['c2b/confirmation', 'c2b/validation', 'status/result', 'status/timeout']) {
      expect(redactUrl(`/api/v1/payments/${path}/s3cret-s3cret`)).toBe(`/api/v1/payments/${path}/[redacted]`);
    }
  });
});
