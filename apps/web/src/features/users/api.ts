import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userRoutes } from '@urembo/contract/routes/users';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import { call } from '../../lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  page: (page: number) => ['users', 'admin', page] as const,
};

/** GET /user (admin): one page of accounts, newest first. */
export function useAdminUsers(page: number) {
  return useQuery({
    queryKey: userKeys.page(page),
    queryFn: () => call(userRoutes.listUsers, { query: { page, limit: PAGE_SIZES.adminUsers } }),
    placeholderData: keepPreviousData,
  });
}
