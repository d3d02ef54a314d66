import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { authRoutes } from '@urembo/contract/routes/auth';
import type { User } from '@urembo/contract/users';
import { call, errorMessage } from '../../lib/api-client';

export const authUserKey = ['authUser'] as const;

/** The signed-in user, or null for a visitor (GET /auth/me answers 200 either way: no failed request). */
export async function fetchAuthUser(): Promise<User | null> {
  const { user } = await call(authRoutes.getSessionUser);
  return user;
}

export function useAuthUser() {
  return useQuery({ queryKey: authUserKey, queryFn: fetchAuthUser, staleTime: 5 * 60_000 });
}

export const twoFactorKey = ['authTwoFactor'] as const;

/** Whether the account's two-factor sign-in is on, and whether (an admin) it must be turned on first. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => call(authRoutes.getTwoFactor), enabled });
}

/** Logout: toast "Logout success", forget every cached answer, go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => call(authRoutes.logOut),
    onSuccess: (data) => {
      toast.success(data.message || 'Logout success');
      queryClient.setQueryData(authUserKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authUserKey[0] });
      navigate('/');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
