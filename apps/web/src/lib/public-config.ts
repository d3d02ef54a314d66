import { useQuery } from '@tanstack/react-query';
import { publicConfigRoutes } from '@urembo/contract/routes/public-config';
import { call } from './api-client';

export const publicConfigKey = ['publicConfig'] as const;

/** The shop's public settings (GET /config/public): M-Pesa paybill, account, till number and name. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: () => call(publicConfigRoutes.getPublicConfig),
    staleTime: Infinity,
  });
}
