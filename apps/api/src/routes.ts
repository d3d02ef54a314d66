import { answersNoStore } from '@urembo/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from './context';
import type { PageRenderer } from './lib/page-head';
import type { FeatureRoutes } from './lib/route-context';
import type { AppServices } from './plugins/services';
import { accountDataRoutes } from './modules/account-data';
import { addressesRoutes } from './modules/addresses';
import { auditRoutes } from './modules/audit';
import { authRoutes, requireAdmin, requireUser, requireUserSaying } from './modules/auth';
import { cartRoutes } from './modules/cart';
import { catalogueRoutes, productPageRenderer, siteRoutes } from './modules/catalogue';
import { dashboardRoutes } from './modules/dashboard';
import { discountsRoutes } from './modules/discounts';
import { healthRoutes } from './modules/health';
import { ordersRoutes } from './modules/orders';
import { paymentsRoutes } from './modules/payments';
import { publicConfigRoutes } from './modules/public-config';
import { returnsPageRenderer, returnsRoutes } from './modules/returns';
import { reviewsRoutes } from './modules/reviews';
import { shippingRoutes } from './modules/shipping';
import { usersRoutes } from './modules/users';
import { API_PREFIX } from './plugins/api-docs';

const FEATURES: FeatureRoutes<AppServices>[] = [
  healthRoutes,
  reviewsRoutes,
  paymentsRoutes,
  authRoutes,
  usersRoutes,
  accountDataRoutes,
  shippingRoutes,
  addressesRoutes,
  publicConfigRoutes,
  cartRoutes,
  ordersRoutes,
  discountsRoutes,
  returnsRoutes,
  catalogueRoutes,
  dashboardRoutes,
  auditRoutes,
];

const ADMIN_SURFACE = 'adminSurface';

/**
 * Every /api/v1 route is mounted from its definition in packages/contract (lib/endpoint-route.ts `routeOf`), and
 * guarded by the definition's `access`: a customer route gets `requireUser` (401 signed out) as its first hook; an
 * admin route must sit inside the admin surface, whose one hook guards them all; a route in the admin surface must
 * be defined as an admin route. A route that breaks this stops the server at start-up. The definition also says
 * whether its answers may be kept (`answersNoStore`): each private one, errors included, is sent `no-store` here,
 * the one place that sets it.
 */
export function guardByDefinition(this: FastifyInstance, route: RouteOptions): void {
  const endpoint = route.config?.endpoint;
  const where = `${String(route.method)} ${route.url}`;
  if (!endpoint) throw new Error(`${where}: mount every /api/v1 route from its definition (routeOf)`);
  if (
    route.method !== 'HEAD' &&
    (route.method !== endpoint.method || route.url !== `${API_PREFIX}${endpoint.path}`)
  ) {
    throw new Error(`${where} is mounted from the definition of ${endpoint.method} ${endpoint.path}`);
  }
  const inAdminSurface = this.hasDecorator(ADMIN_SURFACE);
  if ((endpoint.access === 'admin') !== inAdminSurface) {
    throw new Error(
      endpoint.access === 'admin'
        ? `${where} is an admin route: register it in the feature's adminRoutes`
        : `${where} is defined as ${endpoint.access}: only admin routes belong in adminRoutes`,
    );
  }
  if (endpoint.access === 'customer') {
    const guard = endpoint.signedOutMessage ? requireUserSaying(endpoint.signedOutMessage) : requireUser;
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  }
  if (answersNoStore(endpoint)) route.onSend = [...[route.onSend ?? []].flat(), sendNoStore];
}

/** A private answer is never kept by a browser (the back button included) or a proxy. */
async function sendNoStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/**
 * Mounts every feature under /api/v1: each feature's shop routes, then every admin route inside ONE encapsulated
 * plugin whose one `requireAdmin` hook guards them all (401 signed out, 403 for a customer), before their input is
 * even read.
 */
export async function registerApiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const feature of FEATURES) if (feature.shopRoutes) await api.register(feature.shopRoutes(ctx));
  await api.register(async (admin) => {
    admin.decorate(ADMIN_SURFACE, true);
    admin.addHook('onRequest', requireAdmin);
    for (const feature of FEATURES) if (feature.adminRoutes) await admin.register(feature.adminRoutes(ctx));
  });
}

/** Routes outside /api/v1 that are not the web app's pages (sitemap, robots.txt). */
export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(siteRoutes(ctx));
  await app.register(healthRoutes.siteRoutes(ctx));
}

/** What the server puts into a page's <head> for search engines and link previews (first match wins). */
export function pageRenderers(ctx: AppContext): PageRenderer[] {
  return [productPageRenderer(ctx), returnsPageRenderer(ctx)];
}
