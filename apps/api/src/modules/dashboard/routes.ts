import { adminSummarySchema } from '@urembo/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../lib/route-context';
import type { DashboardService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ dashboard: DashboardService }>;

/** GET /admin/summary: the owner's dashboard (API.md "Owner's dashboard"; admin surface). */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const { dashboard } = services;
  return async (app) => {
    app.get(
      '/admin/summary',
      { schema: { response: { 200: adminSummarySchema } } },
      async (_request, reply) => {
        const summary = await dashboard.adminSummary();
        return reply.header('cache-control', 'no-store').send(summary);
      },
    );
  };
}
