import { adminSummarySchema } from '@urembo/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../routes';
import { adminSummary } from './service';

/** GET /admin/summary: the owner's dashboard (API.md "Owner's dashboard"; admin surface). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const lowStockAt = ctx.config.stock.lowStockAt;
  return async (app) => {
    app.get(
      '/admin/summary',
      { schema: { response: { 200: adminSummarySchema } } },
      async (_request, reply) => {
        const catalogue = ctx.services.catalogue;
        const summary = await adminSummary(ctx.db, () => catalogue.lowStock(lowStockAt), lowStockAt);
        return reply.header('cache-control', 'no-store').send(summary);
      },
    );
  };
}
