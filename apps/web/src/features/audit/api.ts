import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntity } from '@urembo/contract/audit';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import { auditRoutes } from '@urembo/contract/routes/audit';
import { call } from '../../lib/api-client';

export const auditKeys = {
  all: ['audit'] as const,
  page: (page: number, entity: AuditEntity | null) => ['audit', page, entity ?? 'all'] as const,
};

/** GET /admin/audit: one page of what admins changed, newest first, optionally of one kind of thing. */
export function useAuditLog(page: number, entity: AuditEntity | null) {
  return useQuery({
    queryKey: auditKeys.page(page, entity),
    queryFn: () => call(auditRoutes.listAudit, { query: { page, limit: PAGE_SIZES.adminAudit, entity } }),
    placeholderData: keepPreviousData,
  });
}
