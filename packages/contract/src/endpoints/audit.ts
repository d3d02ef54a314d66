import { auditEntrySchema, auditQuerySchema } from '../audit';
import { pagedSchema } from '../common';
import { defineEndpoints } from '../endpoint';
import { auditRoutes } from '../routes/audit';

export const auditEndpoints = defineEndpoints(auditRoutes, {
  listAudit: {
    summary: 'What admins changed, newest first',
    description:
      'Every admin change (prices, stock, product status, order statuses, payments, refunds, discounts, returns, ' +
      'roles) with who made it and what changed, written in the same transaction as the change. `entity` keeps ' +
      'one kind of thing; 25 a page by default.',
    access: 'admin',
    query: auditQuerySchema,
    responses: { 200: pagedSchema(auditEntrySchema) },
  },
});
