import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  ResetPasswordByCodeBody,
  UpdateMeBody,
} from '@urembo/contract/auth';
import { authRoutes } from '@urembo/contract/routes/auth';
import { userRoutes } from '@urembo/contract/routes/users';
import type { User } from '@urembo/contract/users';
import { call } from '../../lib/api-client';
import { mergeGuestCart } from '../../app/data/cart';
import { authUserKey, twoFactorKey } from './api';
import { t } from '../../i18n/i18n';

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

/** What a visitor put in her cart in this browser joins the account's cart; answers how many lines could not. */
async function withVisitorCart<T extends { user: User }>(answer: T): Promise<T & { dropped: number }> {
  const { dropped } = await mergeGuestCart(answer.user._id);
  return { ...answer, dropped };
}

export function droppedMessage(dropped: number): string {
  return dropped === 1 ? t('cart.droppedOne') : t('cart.dropped', { count: dropped });
}

/**
 * The password step of sign-in: signed in, or (two-factor on) `twoFactorRequired`, when the code is asked next
 * (useVerifyTwoFactor) and this browser holds a short-lived pending sign-in until then.
 */
export function useSignin() {
  const become = useBecome();
  return useMutation({
    mutationFn: async (body: { phone?: string; email?: string; password: string }) => {
      const answer = await call(authRoutes.signIn, { body });
      if ('twoFactorRequired' in answer) return { twoFactorRequired: true as const };
      return { twoFactorRequired: false as const, ...(await withVisitorCart(answer)) };
    },
    onSuccess: (answer) => {
      if (!answer.twoFactorRequired) become(answer.user);
    },
  });
}

/** The second step of sign-in: the authenticator app's code or a recovery code. */
export function useVerifyTwoFactor() {
  const become = useBecome();
  return useMutation({
    mutationFn: async (code: string) =>
      withVisitorCart(await call(authRoutes.verifyTwoFactor, { body: { code } })),
    onSuccess: ({ user }) => become(user),
  });
}

export function useSignup() {
  const become = useBecome();
  return useMutation({
    mutationFn: async (body: { fullName: string; email?: string; phone: string; password: string }) =>
      withVisitorCart(await call(authRoutes.signUp, { body })),
    onSuccess: ({ user }) => become(user),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => call(authRoutes.forgotPassword, { body }),
  });
}

/** The new password with the code sent by SMS: every session ends, this browser's too. */
export function useResetPasswordByCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordByCodeBody) => call(authRoutes.resetPasswordByCode, { body }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authUserKey[0] });
      queryClient.setQueryData(authUserKey, null);
    },
  });
}

export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      call(authRoutes.resetPassword, { params: { token }, body: { password } }),
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
    mutationFn: (code: string) =>
      call(kind === 'email' ? authRoutes.verifyEmail : authRoutes.verifyPhone, { body: { code } }),
    onSuccess: ({ user }) => queryClient.setQueryData(authUserKey, user),
  });
}

export function useSendCode(kind: 'email' | 'phone') {
  return useMutation({
    mutationFn: (email: string | null) =>
      kind === 'email'
        ? call(authRoutes.sendEmailCode, { body: { email: email ?? '' } })
        : call(authRoutes.sendPhoneCode),
  });
}

export const sessionsKey = ['authSessions'] as const;

/** The account's signed-in devices (GET /auth/sessions). */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => call(authRoutes.listSessions),
    select: (r) => r.data,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call(authRoutes.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(authRoutes.endSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authRoutes.endOtherSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** PUT /user/me: the caller's own name, phone or email; the answer is the account as it now is. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => call(userRoutes.updateMe, { body }),
    onSuccess: ({ user }) => queryClient.setQueryData(authUserKey, user),
  });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => call(authRoutes.setupTwoFactor) });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(authRoutes.enableTwoFactor, { body: { code } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
      void queryClient.invalidateQueries({ queryKey: activityKey });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => call(authRoutes.disableTwoFactor, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export const activityKey = ['authActivity'] as const;

/** The account's sign-in history (GET /auth/activity). */
export function useActivity() {
  return useQuery({
    queryKey: activityKey,
    queryFn: () => call(authRoutes.listActivity),
    select: (r) => r.data,
  });
}

/** DELETE /user/me: the account is deleted; this browser forgets it and goes home. */
export function useDeleteMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(userRoutes.deleteMe, { body: { password } }),
    onSuccess: () => {
      queryClient.setQueryData(authUserKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authUserKey[0] });
    },
  });
}
