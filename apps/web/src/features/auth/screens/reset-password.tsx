import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useParams } from 'wouter';
import { resetPasswordBodySchema } from '@urembo/contract/auth';
import { FormError, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import {
  serverFieldErrors,
  validateForm,
  type FieldErrors,
  useFocusFirstError,
} from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard } from '../components/auth-card';
import { NewPasswordField } from '../components/new-password-field';
import { useResetPassword } from '../mutations';
import { useT } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

/** /reset-password/:token: the mailed link; two matching passwords. */
export default function ResetPasswordScreen() {
  const t = useT();
  useDocumentTitle(t('reset.title'));
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const reset = useResetPassword(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(resetPasswordBodySchema, { password }, (m) => inLanguage(m, t.lang));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (password !== confirm) {
      setErrors({ confirm: t('forgot.noMatch') });
      toast.error(t('forgot.noMatch'));
      return;
    }
    setErrors({});
    reset.mutate(checked.data.password, {
      onSuccess: () => {
        toast.success(t('reset.done'));
        navigate('/signin');
      },
      onError: (error) => {
        const message = errorMessage(error, t('forgot.resetFailed'));
        setErrors({ ...serverFieldErrors(error), form: message });
        toast.error(message);
      },
    });
  }

  return (
    <AuthCard
      title={t('reset.heading')}
      subtitle={t('reset.subtitle')}
      footer={
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          {t('reset.back')}
        </Link>
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <NewPasswordField
          label={t('form.newPassword')}
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          idleHint={t('reset.idle')}
        />
        <TextField
          label={t('form.confirmPassword')}
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <FormError message={errors.form} />
        <button type="submit" className="btn-primary w-full py-3" disabled={reset.isPending}>
          {reset.isPending ? t('form.saving') : t('forgot.reset')}
        </button>
      </form>
    </AuthCard>
  );
}
