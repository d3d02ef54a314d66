import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../routes';
import { requireAdmin } from '../auth/guards';
import { adminSummary } from './service';

/** GET /admin/summary: the owner's dashboard (API.md "Owner's dashboard"). */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsync {
  const lowStockAt = ctx.config.stock.lowStockAt;
  return async (app) => {
    app.get('/admin/summary', { preHandler: requireAdmin }, async (_request, reply) => {
      const catalogue = ctx.services.catalogue;
      const summary = await adminSummary(ctx.db, () => catalogue.lowStock(lowStockAt), lowStockAt);
      return reply.header('cache-control', 'no-store').send(summary);
    });
  };
}
