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

/** /reset-password/:token: the mailed link; two matching passwords. */
export default function ResetPasswordScreen() {
  useDocumentTitle('Reset Password');
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const reset = useResetPassword(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(resetPasswordBodySchema, { password });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (password !== confirm) {
      setErrors({ confirm: 'Passwords do not match' });
      toast.error('Passwords do not match');
      return;
    }
    setErrors({});
    reset.mutate(checked.data.password, {
      onSuccess: () => {
        toast.success('Password reset success');
        navigate('/signin');
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to reset password');
        setErrors({ ...serverFieldErrors(error), form: message });
        toast.error(message);
      },
    });
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Choosing a new password signs you out on every device; sign in again with the new one."
      footer={
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          Back to Sign-in
        </Link>
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <NewPasswordField
          label="New password"
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          idleHint="At least 8 characters; not a common password or a pattern like 'abcd1234'."
        />
        <TextField
          label="Confirm new password"
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
          {reset.isPending ? 'Saving…' : 'Reset Password'}
        </button>
      </form>
    </AuthCard>
  );
}
