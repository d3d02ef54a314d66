import { expect, it } from 'vitest';
import { sessionCookieFor, signedInUser } from './support/auth';
import { describeEachDialect } from './support/test-app';

type Guard = 'public' | 'user' | 'admin';

/**
 * Every /api/v1 route and who may call it. A new route must be added here, so an admin route registered outside
 * the admin surface (without its requireAdmin hook) fails this suite instead of shipping unguarded.
 */
const EXPECTED: Record<string, Guard> = {
  'GET /api/v1/health': 'public',
  'GET /api/v1/openapi.json': 'public',
  'GET /api/v1/docs': 'public',
  'GET /api/v1/config/public': 'public',
  // Auth
  'POST /api/v1/auth/signup': 'public',
  'POST /api/v1/auth/signin': 'public',
  'GET /api/v1/auth/me': 'public',
  'GET /api/v1/auth/check-auth': 'user',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password/:token': 'public',
  'POST /api/v1/auth/change-password': 'user',
  'GET /api/v1/auth/sessions': 'user',
  'POST /api/v1/auth/sessions/sign-out-others': 'user',
  'DELETE /api/v1/auth/sessions/:id': 'user',
  'POST /api/v1/auth/verify-email': 'user',
  'POST /api/v1/auth/newVerificationToken': 'user',
  'POST /api/v1/auth/verify-phone': 'user',
  'POST /api/v1/auth/newPhoneToken': 'user',
  // Users
  'GET /api/v1/user': 'admin',
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
  // Addresses
  'GET /api/v1/address/user/:userId': 'user',
  'POST /api/v1/address': 'user',
  'PUT /api/v1/address/:id': 'user',
  'DELETE /api/v1/address/:id': 'user',
  // Cart
  'POST /api/v1/user/addToCart/:userId': 'user',
  'GET /api/v1/user/getCart/:userId': 'user',
  'DELETE /api/v1/user/removeFromCart/:userId': 'user',
  'DELETE /api/v1/user/clearCart/:userId': 'user',
  // Orders
  'POST /api/v1/order/:userId': 'user',
  'POST /api/v1/order/:userId/quote': 'user',
  'GET /api/v1/order/user/:userId': 'user',
  'GET /api/v1/order/:id': 'user',
  'POST /api/v1/order/:id/cancel': 'user',
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
  'GET /api/v1/admin/summary': 'admin',
  // Reviews
  'GET /api/v1/review/product/:productId': 'public',
  'GET /api/v1/review/order/:orderId': 'user',
  'POST /api/v1/review': 'user',
  'PUT /api/v1/review/:id': 'user',
  'GET /api/v1/review': 'admin',
  'DELETE /api/v1/review/:id': 'admin',
  // Payments (Daraja's callbacks are public: the secret in the path is their guard, payments tests check it)
  'POST /api/v1/m-pesa/stk/:orderId': 'user',
  'GET /api/v1/m-pesa/resolveTransaction/:id': 'user',
  'POST /api/v1/payment': 'user',
  'GET /api/v1/payment/order/:orderId': 'user',
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
    const seen: Record<string, Guard> = {};
    for (const key of apiRoutes()) {
      const visitor = await call(key);
      // A fresh session each time: some routes (logout) end the one they are called with.
      const asCustomer = await call(key, await sessionCookieFor(ctx(), customer.user.id));
      if (visitor.statusCode !== 401) seen[key] = 'public';
      else if (asCustomer.statusCode === 403 && asCustomer.json().error === 'Only shop admins can do that') {
        seen[key] = 'admin';
      } else if (asCustomer.statusCode !== 401) seen[key] = 'user';
    }
    expect(seen).toEqual(EXPECTED);
  });
});
