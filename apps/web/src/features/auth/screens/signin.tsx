import { useHydrated } from '../../../lib/use-hydrated';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useSearch } from 'wouter';
import { FormError, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { authHref, nextPathFrom } from '../../../lib/next-path';
import {
  serverFieldErrors,
  useFormCheck,
  type FieldErrors,
  useFocusFirstError,
} from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../api';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordModal } from '../components/forgot-password-modal';
import { TwoFactorStep } from '../components/two-factor-step';
import { droppedMessage, useSignin } from '../mutations';
import { authSchemas, prefetchAuthSchemas } from '../schemas';
import { useT } from '../../../i18n/i18n';

/** /signin: phone or email, and the password. */
export default function SigninScreen() {
  const hydrated = useHydrated();
  const t = useT();
  useDocumentTitle(t('signin.title'));
  const [, navigate] = useLocation();
  const { data: user } = useAuthUser();
  const signin = useSignin();
  const [values, setValues] = useState({ phone: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [secondStep, setSecondStep] = useState(false);
  const signingIn = useRef(false);
  const next = nextPathFrom(useSearch());
  const form = useFormCheck(() => authSchemas().then((m) => m.signinBodySchema));

  // Someone already signed in has nothing to do here: on to where the link meant to go, or home (never back in
  // history, which may be another site).
  useEffect(() => {
    if (!user || signingIn.current) return;
    navigate(next ?? '/', { replace: true });
  }, [user, navigate, next]);

  function signedIn(dropped: number) {
    toast.success(t('signin.done'));
    if (dropped > 0) toast.error(droppedMessage(dropped));
    navigate(next ?? '/');
  }

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = await form.check(values);
    if (!checked) return;
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    signingIn.current = true;
    signin.mutate(checked.data, {
      onSuccess: (answer) => {
        if (answer.twoFactorRequired) {
          setSecondStep(true);
          return;
        }
        signedIn(answer.dropped);
      },
      onError: (error) => {
        signingIn.current = false;
        const message = errorMessage(error, t('signin.failed'));
        setErrors({ ...serverFieldErrors(error), form: message });
        toast.error(message);
      },
    });
  }

  if (secondStep) {
    return (
      <AuthCard title={t('signin.twoFactorTitle')} subtitle={t('signin.twoFactorSubtitle')}>
        <TwoFactorStep
          onSignedIn={signedIn}
          onRestart={() => {
            signingIn.current = false;
            setSecondStep(false);
            setValues((v) => ({ ...v, password: '' }));
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('signin.welcome')}
      subtitle={t('signin.subtitle')}
      footer={
        <>
          {t('signin.newHere')}{' '}
          <Link to={authHref('/signup', next)} className="font-semibold text-brand-700 hover:underline">
            {t('signin.createAccount')}
          </Link>
        </>
      }
    >
      <form ref={formRef} onSubmit={submit} onFocus={prefetchAuthSchemas} noValidate className="space-y-4">
        <TextField
          label={t('form.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          placeholder="0712 345 678"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          hint={errors.phone ? undefined : t('form.phoneHint')}
        />
        <div className="flex items-center gap-3 text-xs font-semibold uppercase tracking-wider text-stone-500">
          <span className="h-px flex-1 bg-stone-200" /> {t('signin.or')}{' '}
          <span className="h-px flex-1 bg-stone-200" />
        </div>
        <TextField
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.co.ke"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label={t('form.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <div className="flex justify-end">
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline"
            onClick={() => setForgotOpen(true)}
          >
            {t('signin.forgot')}
          </button>
        </div>
        <FormError message={errors.form} />
        <button
          type="submit"
          className="btn-primary w-full py-3"
          disabled={!hydrated || form.checking || signin.isPending}
        >
          {signin.isPending ? t('signin.busy') : t('signin.submit')}
        </button>
      </form>
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthCard>
  );
}
