import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthUserResponse,
  ChangePasswordBody,
  MessageResponse,
  SessionInfo,
} from '@urembo/contract/auth';
import type { Collection } from '@urembo/contract/common';
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

export const sessionsKey = ['authSessions'] as const;

/** The account's signed-in devices (GET /auth/sessions). */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<Collection<SessionInfo>>('/auth/sessions'),
    select: (r) => r.data,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<MessageResponse>('/auth/change-password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageResponse>(`/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageResponse & { ended: number }>('/auth/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
