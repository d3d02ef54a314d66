import { dashboardEndpoints } from '@urembo/contract/endpoints/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import type { DashboardService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ dashboard: DashboardService }>;

/** GET /admin/summary: the owner's dashboard (admin surface). */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { dashboard } = services;
  return async (app) => {
    app.route({
      ...routeOf(dashboardEndpoints.getAdminSummary),
      handler: async (_request, reply) => {
        const summary = await dashboard.adminSummary();
        return reply.send(summary);
      },
    });
  };
}
