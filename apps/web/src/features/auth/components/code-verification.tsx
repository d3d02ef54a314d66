import { useState, type FormEvent, type ReactNode } from 'react';
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
import { useT } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

/**
 * /verify-email and /verify-phone: a code input, Verify, and "Send code", which says a code was sent only once the
 * API accepted the send (its refusal, e.g. a rate limit, is shown instead) and then counts down "Resend in {n}s"
 * through the server's cool-down (5 minutes for email, 2 for SMS).
 */
/** A text with the address in it, the address in bold (as the English screens always showed it). */
function withAddress(text: string, address: string): ReactNode {
  const at = text.indexOf(address);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold text-ink">{address}</strong>
      {text.slice(at + address.length)}
    </>
  );
}

export function CodeVerification({ kind }: { kind: 'email' | 'phone' }) {
  const t = useT();
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
  useDocumentTitle(kind === 'email' ? t('verify.emailHeading') : t('verify.phoneHeading'));

  if (isPending) return <Spinner label={t('verify.loading')} />;
  if (!user) {
    return (
      <AuthCard title={t('verify.signedOut')} subtitle={t('verify.signedOutBody')}>
        <Link to="/signin" className="btn-primary">
          {t('verify.signIn')}
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
        title={kind === 'email' ? t('verify.emailDone') : t('verify.phoneDone')}
        subtitle={withAddress(t('verify.already', { address: shown }), shown)}
      >
        <Link to="/profile" className="btn-primary">
          {t('verify.toProfile')}
        </Link>
      </AuthCard>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(verifyCodeBodySchema, { code }, (m) => inLanguage(m, t.lang));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    verify.mutate(checked.data.code, {
      onSuccess: () => {
        toast.success(kind === 'email' ? t('verify.emailDone') : t('verify.phoneDone'));
        navigate('/profile');
      },
      onError: (error) => {
        const message = errorMessage(error, t('verify.failed'));
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
        toast.success(t('verify.codeSent', { address: shown }));
      },
      onError: (error) => {
        // The server says how long its cool-down still runs: count that down.
        if (error instanceof ApiRequestError && error.status === 429 && error.retryAfterSeconds) {
          cooldown.start(error.retryAfterSeconds);
        }
        const message = errorMessage(error, t('verify.sendFailed'));
        setErrors({ form: message });
        toast.error(message);
      },
    });
  }

  return (
    <AuthCard
      title={kind === 'email' ? t('verify.emailHeading') : t('verify.phoneHeading')}
      subtitle={
        sent ? (
          <span role="status">
            {withAddress(
              t(kind === 'email' ? 'verify.sentByEmail' : 'verify.sentBySms', { address: shown }),
              shown,
            )}
          </span>
        ) : (
          withAddress(
            t(kind === 'email' ? 'verify.pressEmail' : 'verify.pressSms', { address: shown }),
            shown,
          )
        )
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('verify.codeLabel')}
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
          {verify.isPending ? t('verify.busy') : t('verify.submit')}
        </button>
        <button
          type="button"
          className="btn-outline w-full"
          onClick={sendCode}
          disabled={cooldown.secondsLeft > 0 || send.isPending}
        >
          {send.isPending
            ? t('form.sending')
            : cooldown.secondsLeft > 0
              ? t('verify.resendIn', { seconds: cooldown.secondsLeft })
              : sent
                ? t('verify.sendNew')
                : t('verify.send')}
        </button>
      </form>
    </AuthCard>
  );
}
