import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes } from '@urembo/contract/routes/dashboard';
import { call } from '../../lib/api-client';

export const dashboardKeys = { summary: ['dashboard', 'summary'] as const };

/** GET /admin/summary: refreshed every minute while the dashboard is open, and when the tab comes back. */
export function useAdminSummary() {
  return useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => call(dashboardRoutes.getAdminSummary, { signal }),
    refetchInterval: 60_000,
  });
}

export function useRefreshSummary() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dashboardKeys.summary });
}
