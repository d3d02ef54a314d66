import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUserResponse, MessageResponse } from '@urembo/contract/auth';
import type { User } from '@urembo/contract/users';
import { api } from '../../lib/api-client';
import { authUserKey } from './api';

/**
 * The auth screens' server calls. Kept apart from api.ts (which the top bar loads on every page), so the screens'
 * code and the validation schemas only download when a customer opens one of them.
 */

/** After sign-in or sign-up: this browser now belongs to that user; nothing cached for the previous one stays. */
function useBecome() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authUserKey[0] });
    queryClient.setQueryData(authUserKey, user);
  };
}

export function useSignin() {
  const become = useBecome();
  return useMutation({
    mutationFn: (body: { phone?: string; email?: string; password: string }) =>
      api.post<AuthUserResponse>('/auth/signin', body),
    onSuccess: ({ user }) => become(user),
  });
}

export function useSignup() {
  const become = useBecome();
  return useMutation({
    mutationFn: (body: { fullName: string; email?: string; phone: string; password: string }) =>
      api.post<AuthUserResponse>('/auth/signup', body),
    onSuccess: ({ user }) => become(user),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageResponse>('/auth/forgot-password', { email }),
  });
}

export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post<MessageResponse>(`/auth/reset-password/${encodeURIComponent(token)}`, { password }),
    // The reset signs every session out, this browser's too.
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authUserKey[0] });
      queryClient.setQueryData(authUserKey, null);
    },
  });
}

export function useVerifyCode(kind: 'email' | 'phone') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<AuthUserResponse>(`/auth/verify-${kind}`, { code }),
    onSuccess: ({ user }) => queryClient.setQueryData(authUserKey, user),
  });
}

export function useSendCode(kind: 'email' | 'phone') {
  return useMutation({
    mutationFn: (email: string | null) =>
      kind === 'email'
        ? api.post<MessageResponse>('/auth/newVerificationToken', { email })
        : api.post<MessageResponse>('/auth/newPhoneToken'),
  });
}
