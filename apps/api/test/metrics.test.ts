import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestTally } from '../src/lib/metrics';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { createPlace, orderBody } from './support/orders-factories';
import { describeEachDialect, testConfig } from './support/test-app';

const TOKEN = 'metrics-token-0123456789';

/*
 * GET /metrics for Prometheus: only with the bearer METRICS_TOKEN; requests by route pattern and status, orders,
 * payments and queued messages from the database, cache hits and misses, PostgreSQL's pool.
 */
describeEachDialect(
  'metrics',
  (ctx) => {
    it('answers 401 without the token or with another one', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
        const res = await ctx().app.inject({
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json().error).toMatch(/METRICS_TOKEN/);
      }
    });

    it('counts requests by route and status, and reads orders, payments, messages and the caches', async () => {
      const { user, cookie } = await signedInUser(ctx());
      const place = await createPlace(ctx());
      const serum = await createProduct(ctx(), { price: 900 });
      const placed = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${user.id}`,
        headers: { cookie },
        payload: orderBody(place, [{ _id: serum.id, count: 1 }]),
      });
      expect(placed.statusCode).toBe(201);
      for (let i = 0; i < 2; i++) await ctx().app.inject({ url: `/api/v1/products/${serum.id}` });
      await ctx().app.inject({ url: '/api/v1/products/65f0c0ffee00000000000000' });

      const res = await ctx().app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      const text = res.body;
      // By the route's pattern, never the URL with its ids.
      expect(text).toMatch(
        /urembo_http_requests_total\{method="GET",route="\/api\/v1\/products\/:id",status="200"\} 2/,
      );
      expect(text).toMatch(
        /urembo_http_requests_total\{method="GET",route="\/api\/v1\/products\/:id",status="404"\} 1/,
      );
      expect(text).not.toContain(serum.id);
      expect(text).toMatch(
        /urembo_http_request_duration_seconds_bucket\{le="0.5",method="POST",route="\/api\/v1\/order\/:id",status="201"\} 1/,
      );
      expect(text).toMatch(/urembo_orders\{payment_status="pending",delivery_status="pending"\} [1-9]/);
      expect(text).toMatch(/urembo_messages\{queue="order_messages",status="(queued|sent)"\} [1-9]/);
      expect(text).toMatch(/urembo_cache_lookups_total\{result="hit"\} [1-9]/);
      expect(text).toMatch(/urembo_cache_lookups_total\{result="miss"\} [1-9]/);
      expect(text).toContain('# TYPE urembo_payments gauge');
      if (ctx().dialect === 'postgres')
        expect(text).toMatch(/urembo_db_pool_connections\{kind="total"\} [1-9]/);
      else expect(text).not.toContain('urembo_db_pool_connections');
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);

describeEachDialect('metrics without a token', (ctx) => {
  it('are not there: 404', async () => {
    const res = await ctx().app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('METRICS_TOKEN', () => {
  it('is a long random text', () => {
    expect(() => testConfig('/tmp/urembo-metrics-config', { METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN/,
    );
  });
});

describe('the request tally', () => {
  it("writes counts and cumulative buckets as prom-client's own counter and histogram do", async () => {
    const tally = new RequestTally();
    const registry = new Registry();
    for (const metric of tally.metrics()) registry.registerMetric(metric);
    tally.record('GET', '/api/v1/products/:id', 200, 0.004);
    tally.record('GET', '/api/v1/products/:id', 200, 0.03);
    tally.record('GET', '/api/v1/products/:id', 200, 7);
    tally.record('GET', undefined, 404, 0.001);
    const text = await registry.metrics();
    const route = 'method="GET",route="/api/v1/products/:id",status="200"';
    expect(text).toContain('# TYPE urembo_http_requests_total counter');
    expect(text).toContain(`urembo_http_requests_total{${route}} 3`);
    expect(text).toContain('urembo_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('# TYPE urembo_http_request_duration_seconds histogram');
    expect(text).toContain(`urembo_http_request_duration_seconds_bucket{le="0.005",${route}} 1`);
    expect(text).toContain(`urembo_http_request_duration_seconds_bucket{le="0.025",${route}} 1`);
    expect(text).toContain(`urembo_http_request_duration_seconds_bucket{le="0.05",${route}} 2`);
    expect(text).toContain(`urembo_http_request_duration_seconds_bucket{le="5",${route}} 2`);
    expect(text).toContain(`urembo_http_request_duration_seconds_bucket{le="+Inf",${route}} 3`);
    expect(text).toContain(`urembo_http_request_duration_seconds_sum{${route}} 7.034`);
    expect(text).toContain(`urembo_http_request_duration_seconds_count{${route}} 3`);
  });
});
