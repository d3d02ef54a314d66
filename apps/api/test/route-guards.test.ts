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

/** Routes not yet mounted from a definition in packages/contract, and who may call them. */
const NOT_YET_DEFINED: Record<string, Access> = {
  // Auth
  'POST /api/v1/auth/signup': 'public',
  'POST /api/v1/auth/signin': 'public',
  'GET /api/v1/auth/me': 'public',
  'GET /api/v1/auth/check-auth': 'customer',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password/:token': 'public',
  'POST /api/v1/auth/change-password': 'customer',
  'GET /api/v1/auth/sessions': 'customer',
  'POST /api/v1/auth/sessions/sign-out-others': 'customer',
  'DELETE /api/v1/auth/sessions/:id': 'customer',
  'POST /api/v1/auth/verify-email': 'customer',
  'POST /api/v1/auth/newVerificationToken': 'customer',
  'POST /api/v1/auth/verify-phone': 'customer',
  'POST /api/v1/auth/newPhoneToken': 'customer',
  // Shipping
  'GET /api/v1/shipping/countries': 'public',
  'GET /api/v1/shipping/counties': 'public',
  'GET /api/v1/shipping/towns': 'public',
  'GET /api/v1/shipping/locations': 'public',
  'POST /api/v1/shipping/countries': 'admin',
  'POST /api/v1/shipping/counties': 'admin',
  'POST /api/v1/shipping/towns': 'admin',
  'POST /api/v1/shipping/locations': 'admin',
  'PUT /api/v1/shipping/:kind/:id': 'admin',
  'DELETE /api/v1/shipping/:kind/:id': 'admin',
  // Cart
  'POST /api/v1/user/addToCart/:userId': 'customer',
  'GET /api/v1/user/getCart/:userId': 'customer',
  'DELETE /api/v1/user/removeFromCart/:userId': 'customer',
  'DELETE /api/v1/user/clearCart/:userId': 'customer',
  // Orders
  'POST /api/v1/order/:userId': 'customer',
  'POST /api/v1/order/:userId/quote': 'customer',
  'GET /api/v1/order/user/:userId': 'customer',
  'GET /api/v1/order/:id': 'customer',
  'POST /api/v1/order/:id/cancel': 'customer',
  'GET /api/v1/order': 'admin',
  'PUT /api/v1/order/updateStatus/:id': 'admin',
  'GET /api/v1/order/:id/messages': 'admin',
  'GET /api/v1/orderItem': 'admin',
  // Catalogue (GET /products?includeInactive=true is checked in the handler: catalogue-admin.test.ts)
  'GET /api/v1/products/featuredandnew': 'public',
  'GET /api/v1/products/search': 'public',
  'GET /api/v1/products/categoryProducts/:categoryId': 'public',
  'GET /api/v1/products': 'public',
  'GET /api/v1/products/:id': 'public',
  'GET /api/v1/category': 'public',
  'GET /api/v1/images/:file': 'public',
  'POST /api/v1/products': 'admin',
  'PUT /api/v1/products/:id': 'admin',
  'DELETE /api/v1/products/:id': 'admin',
  'POST /api/v1/products/:id/stock': 'admin',
  'POST /api/v1/products/deleteProductImage': 'admin',
  'POST /api/v1/category': 'admin',
  'PUT /api/v1/category/:id': 'admin',
  // Payments (Daraja's callbacks are public: the secret in the path is their guard, payments tests check it)
  'POST /api/v1/m-pesa/stk/:orderId': 'customer',
  'GET /api/v1/m-pesa/resolveTransaction/:id': 'customer',
  'POST /api/v1/payment': 'customer',
  'GET /api/v1/payment/order/:orderId': 'customer',
  'POST /api/v1/m-pesa/callback/:secret': 'public',
  'POST /api/v1/payments/c2b/confirmation/:secret': 'public',
  'POST /api/v1/payments/c2b/validation/:secret': 'public',
  'POST /api/v1/payments/status/result/:secret': 'public',
  'POST /api/v1/payments/status/timeout/:secret': 'public',
  'POST /api/v1/payments/stk-callback/:secret': 'public',
  'GET /api/v1/payment': 'admin',
  'PUT /api/v1/payment/:id': 'admin',
  'GET /api/v1/payment/reconciliation': 'admin',
  'GET /api/v1/payment/order-search': 'admin',
  'GET /api/v1/payment/c2b/registration': 'admin',
  'POST /api/v1/payment/c2b/registration': 'admin',
};

/**
 * Every /api/v1 route and who may call it: each endpoint's `access` in its definition (packages/contract), which
 * the server guards routes by. Calling every route as a visitor and as a customer checks that each one really is.
 */
const EXPECTED: Record<string, Access> = {
  ...NOT_YET_DEFINED,
  ...Object.fromEntries(ENDPOINTS.map(({ endpoint: e }) => [`${e.method} /api/v1${e.path}`, e.access])),
};

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
