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
import { validateForm, type FieldErrors, useFocusFirstError } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFoundPage } from '../../../pages/not-found';
import { useAuthUser } from '../api';
import { useSendCode, useVerifyCode } from '../mutations';
import { COOLDOWN_KEYS, useResendCooldown } from '../use-cooldown';
import { AuthCard } from './auth-card';

/**
 * /verify-email and /verify-phone: a code input, Verify, and "Send code", which says a code was sent only once the
 * API accepted the send (its refusal, e.g. a rate limit, is shown instead) and then counts down "Resend in {n}s"
 * through the server's cool-down (5 minutes for email, 2 for SMS).
 */
export function CodeVerification({ kind }: { kind: 'email' | 'phone' }) {
  const { data: user, isPending } = useAuthUser();
  const [, navigate] = useLocation();
  const verify = useVerifyCode(kind);
  const send = useSendCode(kind);
  const cooldown = useResendCooldown(COOLDOWN_KEYS[kind]);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);
  // A code went out: the API accepted a send from this page, or one whose cool-down still runs (sign-up has
  // just mailed the first email code; a send before a reload).
  const [sent, setSent] = useState(() => cooldown.secondsLeft > 0);
  const verified = !!user && (kind === 'email' ? user.isEmailVerified : user.isPhoneVerified);
  useDocumentTitle(kind === 'email' ? 'Verify your email' : 'Verify your phone');

  if (isPending) return <Spinner label="Loading your account" />;
  if (!user) {
    return (
      <AuthCard title="You are not signed in yet" subtitle="Sign in first, then verify your account.">
        <Link to="/signin" className="btn-primary">
          Sign in
        </Link>
      </AuthCard>
    );
  }
  const address = kind === 'email' ? user.email : user.phone;
  // No email on the account: nothing to verify here.
  if (!address) return <NotFoundPage />;
  const shown = kind === 'email' ? address : formatPhoneForDisplay(address);
  if (verified) {
    return (
      <AuthCard
        title={kind === 'email' ? 'Your email is verified' : 'Your phone is verified'}
        subtitle={
          <>
            <strong className="font-semibold text-ink">{shown}</strong> is already verified: there is nothing
            more to do.
          </>
        }
      >
        <Link to="/profile" className="btn-primary">
          Go to your profile
        </Link>
      </AuthCard>
    );
  }

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
        toast.success(kind === 'email' ? 'Your email is verified' : 'Your phone is verified');
        navigate('/profile');
      },
      onError: (error) => {
        const message = errorMessage(error, 'Verification failed');
        setErrors({ form: message });
        toast.error(message);
      },
    });
  }

  function sendCode() {
    setErrors({});
    send.mutate(address, {
      // Only now is the code on its way: say so, and start the server's cool-down.
      onSuccess: () => {
        setSent(true);
        cooldown.start(kind === 'email' ? EMAIL_CODE_COOLDOWN_SECONDS : PHONE_CODE_COOLDOWN_SECONDS);
        toast.success(`Code sent to ${shown}`);
      },
      onError: (error) => {
        // The server says how long its cool-down still runs: count that down.
        if (error instanceof ApiRequestError && error.status === 429 && error.retryAfterSeconds) {
          cooldown.start(error.retryAfterSeconds);
        }
        const message = errorMessage(error, 'The code could not be sent. Please try again.');
        setErrors({ form: message });
        toast.error(message);
      },
    });
  }

  const by = kind === 'email' ? 'by email to' : 'by SMS to';
  return (
    <AuthCard
      title={kind === 'email' ? 'Verify your email' : 'Verify your phone'}
      subtitle={
        sent ? (
          <span role="status">
            We sent a 6-digit code {by} <strong className="font-semibold text-ink">{shown}</strong>. Enter it
            below; codes expire after 15 minutes.
          </span>
        ) : (
          <>
            Press “Send code” and we will send a 6-digit code {by}{' '}
            <strong className="font-semibold text-ink">{shown}</strong>, then enter it below.
          </>
        )
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Verification code"
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
          onClick={sendCode}
          disabled={cooldown.secondsLeft > 0 || send.isPending}
        >
          {send.isPending
            ? 'Sending…'
            : cooldown.secondsLeft > 0
              ? `Resend in ${cooldown.secondsLeft}s`
              : sent
                ? 'Send a new code'
                : 'Send code'}
        </button>
      </form>
    </AuthCard>
  );
}
