import { ENDPOINTS } from '@urembo/contract/api';
import type { Access, Endpoint } from '@urembo/contract/endpoint';
import { reviewEndpoints } from '@urembo/contract/endpoints/reviews';
import { userEndpoints } from '@urembo/contract/endpoints/users';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeOf } from '../src/lib/endpoint-route';
import { guardByDefinition } from '../src/routes';
import { sessionCookieFor, signedInUser } from './support/auth';
import { describeEachDialect } from './support/test-app';

/**
 * Every /api/v1 route and who may call it: each endpoint's `access` in its definition (packages/contract), which
 * the server guards routes by. Calling every route as a visitor and as a customer checks that each one really is.
 */
const EXPECTED: Record<string, Access> = Object.fromEntries(
  ENDPOINTS.map(({ endpoint: e }) => [`${e.method} /api/v1${e.path}`, e.access]),
);

describeEachDialect('route guards', (ctx) => {
  const apiRoutes = () =>
    ctx()
      .app.routeList.filter((r) => r.url.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.url}`);

  it('knows every API route the app registers, and nothing else', () => {
    expect([...apiRoutes()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('guards each route as the table says, before reading any input', async () => {
    const customer = await signedInUser(ctx());
    const call = (key: string, cookie?: string) => {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      return ctx().app.inject({
        method,
        // A user's own routes name them; any other parameter gets a value that matches nothing.
        url: url.replace(':userId', customer.user.id).replace(/:\w+/g, 'nothing-here'),
        headers: cookie ? { cookie } : {},
      });
    };
    const seen: Record<string, Access> = {};
    for (const key of apiRoutes()) {
      const visitor = await call(key);
      // A fresh session each time: some routes (logout) end the one they are called with.
      const asCustomer = await call(key, await sessionCookieFor(ctx(), customer.user.id));
      if (visitor.statusCode !== 401) seen[key] = 'public';
      else if (asCustomer.statusCode === 403 && asCustomer.json().error === 'Only shop admins can do that') {
        seen[key] = 'admin';
      } else if (asCustomer.statusCode !== 401) seen[key] = 'customer';
    }
    expect(seen).toEqual(EXPECTED);
  });
});

describe('routes mounted from their definitions', () => {
  const mount = async (endpoint: Endpoint, surface: 'shop' | 'admin') => {
    const app = Fastify();
    app.setValidatorCompiler(() => () => ({ value: undefined }));
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await app.register(
      async (api) => {
        api.addHook('onRoute', guardByDefinition);
        await api.register(async (scope) => {
          if (surface === 'admin') scope.decorate('adminSurface', true);
          scope.route({ ...routeOf(endpoint), handler: async () => ({}) });
        });
      },
      { prefix: '/api/v1' },
    );
    await app.ready();
    return app;
  };

  it('refuse an admin route outside the admin surface, and any other route inside it', async () => {
    await expect(mount(userEndpoints.listUsers, 'shop')).rejects.toThrow('is an admin route');
    await expect(mount(reviewEndpoints.createReview, 'admin')).rejects.toThrow('is defined as customer');
    await (await mount(userEndpoints.listUsers, 'admin')).close();
  });

  it('guard a customer route before its handler', async () => {
    const app = await mount(reviewEndpoints.listOrderReviews, 'shop');
    const res = await app.inject({ url: '/api/v1/review/order/o1' });
    expect(res.statusCode).toBe(401);
    await app.close();
  });
});
