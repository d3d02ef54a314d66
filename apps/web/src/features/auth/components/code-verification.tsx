import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import {
  EMAIL_CODE_COOLDOWN_SECONDS,
  PHONE_CODE_COOLDOWN_SECONDS,
  verifyCodeBodySchema,
} from '@urembo/contract/auth';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { FormError, TextField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { validateForm, type FieldErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFoundPage } from '../../../pages/not-found';
import { useAuthUser } from '../api';
import { useSendCode, useVerifyCode } from '../mutations';
import { COOLDOWN_KEYS, useResendCooldown } from '../use-cooldown';
import { AuthCard } from './auth-card';

/**
 * /verify-email and /verify-phone: a code input, Verify, and "Send New Verification Token", which counts
 * down "Resend in {n}s" through the server's cool-down (5 minutes for email, 2 for SMS).
 */
export function CodeVerification({ kind }: { kind: 'email' | 'phone' }) {
  const { data: user, isPending } = useAuthUser();
  const [, navigate] = useLocation();
  const verify = useVerifyCode(kind);
  const send = useSendCode(kind);
  const cooldown = useResendCooldown(COOLDOWN_KEYS[kind]);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const nothingToVerify =
    !!user && (kind === 'email' ? !user.email || user.isEmailVerified : user.isPhoneVerified);
  // The not-found page sets its own title; this one would override it (a parent's effect runs last).
  useDocumentTitle(
    nothingToVerify ? 'Page Not Found - 404 Error' : kind === 'email' ? 'Verify Email' : 'Verify Phone',
  );

  if (isPending) return <Spinner label="Loading your account" />;
  if (!user) {
    return (
      <AuthCard title="You are not signed in yet" subtitle="Sign in first, then verify your account.">
        <Link to="/signin" className="btn-primary">
          Sign-in
        </Link>
      </AuthCard>
    );
  }
  const address = kind === 'email' ? user.email : user.phone;
  // Nothing to verify: the not-found page.
  if (!address || nothingToVerify) return <NotFoundPage />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(verifyCodeBodySchema, { code });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    verify.mutate(checked.data.code, {
      onSuccess: () => {
        toast.success('Verification success');
        navigate('/profile');
      },
      onError: (error) => {
        const message = errorMessage(error, 'Verification failed');
        setErrors({ form: message });
        toast.error(message);
      },
    });
  }

  function resend() {
    cooldown.start(kind === 'email' ? EMAIL_CODE_COOLDOWN_SECONDS : PHONE_CODE_COOLDOWN_SECONDS);
    send.mutate(address, {
      onSuccess: (data) => toast.success(data.message || 'New token sent'),
      onError: (error) => {
        // The server says how long its cool-down still runs: count that down; any other failure frees the button.
        if (error instanceof ApiRequestError && error.status === 429 && error.retryAfterSeconds) {
          cooldown.start(error.retryAfterSeconds);
        } else {
          cooldown.clear();
        }
        toast.error(errorMessage(error, 'Failed to send a new token'));
      },
    });
  }

  const shown = kind === 'email' ? address : formatPhoneForDisplay(address);
  return (
    <AuthCard
      title={kind === 'email' ? 'Verify your email' : 'Verify your phone'}
      subtitle={
        <>
          Enter the 6-digit code we sent {kind === 'email' ? 'by email to' : 'by SMS to'}{' '}
          <strong className="font-semibold text-ink">{shown}</strong>. Codes expire after 15 minutes.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Verification token"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={errors.code}
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        />
        <FormError message={errors.form} />
        <button type="submit" className="btn-primary w-full py-3" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </button>
        <button
          type="button"
          className="btn-outline w-full"
          onClick={resend}
          disabled={cooldown.secondsLeft > 0 || send.isPending}
        >
          {cooldown.secondsLeft > 0 ? `Resend in ${cooldown.secondsLeft}s` : 'Send New Verification Token'}
        </button>
      </form>
    </AuthCard>
  );
}
