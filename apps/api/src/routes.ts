import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { PageRenderer } from './lib/page-head';
import type { FeatureRoutes } from './lib/route-context';
import type { AppServices } from './plugins/services';
import { addressesRoutes } from './modules/addresses';
import { authRoutes, requireAdmin } from './modules/auth';
import { cartRoutes } from './modules/cart';
import { catalogueRoutes, productPageRenderer, siteRoutes } from './modules/catalogue';
import { dashboardRoutes } from './modules/dashboard';
import { healthRoutes } from './modules/health';
import { ordersRoutes } from './modules/orders';
import { paymentsRoutes } from './modules/payments';
import { publicConfigRoutes } from './modules/public-config';
import { reviewsRoutes } from './modules/reviews';
import { shippingRoutes } from './modules/shipping';
import { usersRoutes } from './modules/users';

const FEATURES: FeatureRoutes<AppServices>[] = [
  healthRoutes,
  reviewsRoutes,
  paymentsRoutes,
  authRoutes,
  usersRoutes,
  shippingRoutes,
  addressesRoutes,
  publicConfigRoutes,
  cartRoutes,
  ordersRoutes,
  catalogueRoutes,
  dashboardRoutes,
];

/**
 * Mounts every feature under /api/v1: each feature's shop routes, then every admin route inside ONE encapsulated
 * plugin whose one `requireAdmin` hook guards them all (401 signed out, 403 for a customer), before their input is
 * even read. Admin answers are private: never stored by a browser or proxy.
 */
export async function registerApiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const feature of FEATURES) if (feature.shopRoutes) await api.register(feature.shopRoutes(ctx));
  await api.register(async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    admin.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    });
    for (const feature of FEATURES) if (feature.adminRoutes) await admin.register(feature.adminRoutes(ctx));
  });
}

/** Routes outside /api/v1 that are not the web app's pages (sitemap, robots.txt). */
export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(siteRoutes(ctx));
}

/** What the server puts into a page's <head> for search engines and link previews (first match wins). */
export function pageRenderers(ctx: AppContext): PageRenderer[] {
  return [productPageRenderer(ctx)];
}
