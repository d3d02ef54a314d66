import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDialect } from './support/test-app';
import { DEFAULT_BODY_LIMIT } from '../src/app';

function testRoutes(app: FastifyInstance): void {
  app.post('/api/v1/__test/echo', async (request) => ({ got: request.body }));
  app.get('/api/v1/__test/large', async () => ({
    data: Array.from({ length: 500 }, (_, i) => ({ i, s: 'x'.repeat(20) })),
  }));
  app.get('/api/v1/__test/boom', async () => {
    throw new Error('SELECT secret FROM internals');
  });
}

describeEachDialect(
  'foundation',
  (ctx) => {
    it('answers health with the dialect', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', db: ctx().dialect, database: 'up' });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it("answers /health at the root as /api/v1/health (not the shop's 404 page)", async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'ok', db: ctx().dialect, database: 'up' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await ctx().app.inject({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
    });

    it('answers unknown API routes with a JSON 404', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'No route for GET /api/v1/no-such-thing' });
      const outside = await ctx().app.inject({ method: 'POST', url: '/api/nope' });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ error: 'No route for POST /api/nope' });
    });

    it('sends security headers', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Headers no current browser reads are not sent (decision 022): frame-ancestors replaces X-Frame-Options.
      for (const obsolete of [
        'x-frame-options',
        'x-xss-protection',
        'x-download-options',
        'origin-agent-cluster',
      ]) {
        expect(res.headers[obsolete]).toBeUndefined();
      }
    });

    it('compresses large JSON when the client accepts it', async () => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/api/v1/__test/large',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
    });

    it('accepts a JSON body', async () => {
      const ok = await ctx().app.inject({ method: 'POST', url: '/api/v1/__test/echo', payload: { a: 1 } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ got: { a: 1 } });
    });

    it('answers malformed JSON with 400', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/__test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Malformed JSON in request body' });
    });

    it('answers a body over the limit with 413', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/__test/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ big: 'x'.repeat(DEFAULT_BODY_LIMIT) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'Request body is too large' });
    });

    it('answers a body that is not JSON with 415', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/__test/echo',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatch(/must be JSON/);
    });

    it('refuses a state-changing call from another site', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/__test/echo',
        headers: { origin: 'https://evil.example' },
        payload: { a: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Cross-site request refused' });
      const same = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/__test/echo',
        headers: { origin: 'http://localhost:3000' },
        payload: { a: 1 },
      });
      expect(same.statusCode).toBe(200);
    });

    it('hides internals of unexpected errors', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/v1/__test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('SELECT');
      expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    });
  },
  { beforeReady: testRoutes },
);
