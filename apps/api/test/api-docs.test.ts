import type { OpenAPIV3 } from 'openapi-types';
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
      .app.routeList.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(80);
    expect(documented.sort()).toEqual(served.sort());
  });

  it('documents params, query and bodies from the contract schemas', async () => {
    const { paths } = await document();
    const signup = paths['/auth/signup']!.post!.requestBody as {
      content: {
        'application/json': { schema: { properties: Record<string, unknown>; required: string[] } };
      };
    };
    const body = signup.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['fullName', 'phone', 'password']));
    expect(body.required).toEqual(expect.arrayContaining(['phone', 'password']));
    expect(paths['/products/{id}']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'If-None-Match', in: 'header', required: false }),
    ]);
    expect(paths['/products/search']!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'page', 'limit']),
    );
  });

  it('gives every operation an id, a summary, its callers and its failures in the shared error form', async () => {
    const doc = (await document()) as unknown as OpenAPIV3.Document;
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item!) as [string, OpenAPIV3.OperationObject][]) {
        const where = `${method} ${path}`;
        expect(op.operationId, where).toBeTruthy();
        expect(ids.has(op.operationId!), `${where}: operationId ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary, where).toBeTruthy();
        expect(op.security, where).toBeDefined();
        expect(op.responses['500'], where).toEqual({ $ref: '#/components/responses/InternalError' });
      }
    }
    expect(doc.components!.schemas!.Error).toMatchObject({ required: ['error'] });
    expect(Object.keys(doc.components!.securitySchemes!)).toEqual(['session', 'adminSession']);
    const order = doc.paths['/order/{id}']!;
    expect(order.post!.security).toEqual([{ session: [] }]);
    expect(order.post!.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      ]),
    );
    expect(Object.keys(order.post!.responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '409', '413', '415', '500', '503']),
    );
    expect(doc.paths['/order']!.get!.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths['/category']!.get!.security).toEqual([]);
    expect(doc.paths['/auth/signin']!.post!.responses['200']).toMatchObject({
      headers: { 'Set-Cookie': {} },
    });
  });

  it('never has two paths that differ only in their parameter names', async () => {
    const { paths } = await document();
    const shapes = new Map<string, string>();
    for (const path of Object.keys(paths)) {
      const shape = path.replace(/\{\w+\}/g, '{}');
      expect(shapes.get(shape), `${path} beside ${shapes.get(shape)}`).toBeUndefined();
      shapes.set(shape, path);
    }
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
