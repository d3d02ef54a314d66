import { z } from 'zod';
import { oneOf, pagingQuery } from './common';
import { PAGE_SIZES } from './page-sizes';

/**
 * What an admin change can be made to. Open to additions: the database keeps any word, the list here is what the
 * audit log's filter offers and what GET /admin/audit accepts.
 */
export const AUDIT_ENTITIES = [
  'product',
  'category',
  'order',
  'payment',
  'refund',
  'discount',
  'return',
  'review',
  'place',
  'user',
  'setting',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditQuerySchema = pagingQuery(PAGE_SIZES.adminAudit).extend({
  entity: oneOf('entity', AUDIT_ENTITIES).optional(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Null only when the admin's account no longer exists. */
  admin: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
