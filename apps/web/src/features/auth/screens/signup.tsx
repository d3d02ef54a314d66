import { useHydrated } from '../../../lib/use-hydrated';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useSearch } from 'wouter';
import { EMAIL_CODE_COOLDOWN_SECONDS, PASSWORD_MIN } from '@urembo/contract/auth-rules';
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
import { AuthCard } from '../components/auth-card';
import { NewPasswordField } from '../components/new-password-field';
import { droppedMessage, useSignup } from '../mutations';
import { authSchemas, prefetchAuthSchemas } from '../schemas';
import { COOLDOWN_KEYS, startCooldown } from '../use-cooldown';
import { useT } from '../../../i18n/i18n';

/** /signup: creates the account, signs in, and goes home. */
export default function SignupScreen() {
  const hydrated = useHydrated();
  const t = useT();
  useDocumentTitle(t('signup.title'));
  const [, navigate] = useLocation();
  const signup = useSignup();
  const next = nextPathFrom(useSearch());
  const [values, setValues] = useState({ fullName: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);
  const form = useFormCheck(() => authSchemas().then((m) => m.signupBodySchema));

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
    signup.mutate(checked.data, {
      onSuccess: ({ user, dropped }) => {
        // The server has just mailed the first code: the resend button waits its cool-down.
        if (user.email) startCooldown(COOLDOWN_KEYS.email, EMAIL_CODE_COOLDOWN_SECONDS);
        toast.success(t('signup.done'));
        if (dropped > 0) toast.error(droppedMessage(dropped));
        navigate(next ?? '/');
      },
      onError: (error) => {
        const message = errorMessage(error, t('signup.failed'));
        setErrors({ ...serverFieldErrors(error), form: message });
        toast.error(message);
      },
    });
  }

  return (
    <AuthCard
      title={t('signup.heading')}
      subtitle={t('signup.subtitle')}
      footer={
        <>
          {t('signup.haveAccount')}{' '}
          <Link to={authHref('/signin', next)} className="font-semibold text-brand-700 hover:underline">
            {t('signup.signin')}
          </Link>
        </>
      }
    >
      <form ref={formRef} onSubmit={submit} onFocus={prefetchAuthSchemas} noValidate className="space-y-4">
        <TextField
          label={t('form.fullName')}
          name="fullName"
          autoComplete="name"
          required
          placeholder={t('signup.namePlaceholder')}
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
        />
        <TextField
          label={t('signup.emailLabel')}
          labelNote={t('form.optional')}
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
          label={t('form.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          placeholder="0712 345 678"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          hint={errors.phone ? undefined : t('form.phoneHint')}
        />
        <NewPasswordField
          label={t('form.password')}
          name="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          context={{ phone: values.phone, fullName: values.fullName, email: values.email }}
          idleHint={t('signup.passwordIdle', { min: PASSWORD_MIN })}
        />
        <FormError message={errors.form} />
        <button
          type="submit"
          className="btn-primary w-full py-3"
          disabled={!hydrated || form.checking || signup.isPending}
        >
          {signup.isPending ? t('signup.busy') : t('signup.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
