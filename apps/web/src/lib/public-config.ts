import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@urembo/contract/public-config';
import { api } from './api-client';

export const publicConfigKey = ['publicConfig'] as const;

/** The shop's public settings (GET /config/public): M-Pesa paybill, account, till number and name. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: () => api.get<PublicConfig>('/config/public'),
    staleTime: Infinity,
  });
}
