import { describe, expect, it } from 'vitest';
import { describeEachDialect, testConfig } from './support/test-app';

interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>
  >;
}

describeEachDialect('API docs', (ctx) => {
  const document = async () => {
    const res = await ctx().app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    return res.json<OpenApi>();
  };

  it('describes every /api/v1 route the app serves, and only those', async () => {
    const { paths } = await document();
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = ctx()
      .app.routeList.filter((r) => r.url.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(80);
    expect(documented.sort()).toEqual(served.sort());
  });

  it('documents params, query and bodies from the contract schemas', async () => {
    const { paths } = await document();
    const signup = paths['/api/v1/auth/signup']!.post!.requestBody as {
      content: {
        'application/json': { schema: { properties: Record<string, unknown>; required: string[] } };
      };
    };
    const body = signup.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['fullName', 'phone', 'password']));
    expect(body.required).toEqual(expect.arrayContaining(['phone', 'password']));
    expect(paths['/api/v1/products/{id}']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
    expect(paths['/api/v1/products/search']!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'page', 'limit']),
    );
  });

  it('serves a reference page for developers', async () => {
    const res = await ctx().app.inject({ url: '/api/v1/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<code>/api/v1/order/updateStatus/{id}</code>');
    expect(res.body).not.toContain('<script');
  });
});

describeEachDialect(
  'API docs switched off',
  (ctx) => {
    it('serves neither the document nor the page', async () => {
      for (const url of ['/api/v1/openapi.json', '/api/v1/docs']) {
        expect((await ctx().app.inject({ url })).statusCode).toBe(404);
      }
    });
  },
  { env: { API_DOCS: 'false' } },
);

describe('API_DOCS', () => {
  it('is off in production unless asked for', () => {
    const production = { NODE_ENV: 'production', SEED_DEMO: 'false' };
    expect(testConfig('/tmp/urembo-docs', production).apiDocs).toBe(false);
    expect(testConfig('/tmp/urembo-docs', { ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(testConfig('/tmp/urembo-docs').apiDocs).toBe(true);
  });
});
