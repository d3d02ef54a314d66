import { auditEndpoints } from '@urembo/contract/endpoints/audit';
import { paged } from '@urembo/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import { listAudit } from './repository';

/** GET /admin/audit: what admins changed, newest first (admin surface). */
export function adminRoutes({ db }: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(auditEndpoints.listAudit),
      handler: async (request, reply) => {
        const { page, limit, entity } = request.query;
        const { rows, total } = await listAudit(db, { entity }, page, limit);
        const data = rows.map((row) => ({
          _id: row.id,
          at: row.at,
          admin: row.admin_id ? { _id: row.admin_id, fullName: row.admin_name ?? '' } : null,
          action: row.action,
          entity: row.entity,
          entityId: row.entity_id,
          summary: row.summary,
        }));
        return reply.send(paged(data, total, { page, limit }));
      },
    });
  };
}
