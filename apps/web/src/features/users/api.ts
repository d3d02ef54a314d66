import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type Paged } from '@urembo/contract/common';
import type { User } from '@urembo/contract/users';
import { api } from '../../lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  page: (page: number) => ['users', 'admin', page] as const,
};

/** GET /user (admin): one page of accounts, newest first. */
export function useAdminUsers(page: number) {
  return useQuery({
    queryKey: userKeys.page(page),
    queryFn: () => api.get<Paged<User>>(`/user?page=${page}&limit=${PAGE_SIZES.adminUsers}`),
    placeholderData: keepPreviousData,
  });
}
