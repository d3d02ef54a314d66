/**
 * The web app's routes, as Fastify paths: the server answers each with the app's page and 200 (a
 * route of its own, so no static-file lookup happens first); any other path gets the same app (which shows the
 * not-found page) with status 404, so search engines do not index soft 404s.
 */
export const CLIENT_ROUTES: readonly string[] = [
  '/',
  '/shop',
  '/search',
  '/cart',
  '/checkout',
  '/orders',
  '/orders/:status',
  '/order/:id',
  '/review-order/:id',
  '/mpesa-form/:id',
  '/payment/:id',
  '/product/:slug',
  '/profile',
  '/signin',
  '/signup',
  '/verify-email',
  '/verify-phone',
  '/reset-password/:token',
  '/admin/:adminId/:slug',
];
