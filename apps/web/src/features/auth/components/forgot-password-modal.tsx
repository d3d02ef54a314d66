import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormActions, FormError, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors, useFormCheck, type FieldErrors } from '../../../lib/form-errors';
import { useForgotPassword } from '../mutations';
import { authSchemas, prefetchAuthSchemas } from '../schemas';

/** "Forgot your password?": asks for the email and mails a reset link to it. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const forgot = useForgotPassword();
  const form = useFormCheck(() => authSchemas().then((m) => m.forgotPasswordBodySchema));

  function close() {
    setErrors({});
    forgot.reset();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = await form.check({ email });
    if (!checked) return;
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    forgot.mutate(checked.data.email, {
      onSuccess: () => {
        toast.success('Password recovery email sent!');
        setEmail('');
        close();
      },
      onError: (error) => {
        setErrors({
          ...serverFieldErrors(error),
          form: errorMessage(error, 'Failed to send recovery email'),
        });
        toast.error(errorMessage(error, 'Failed to send recovery email'));
      },
    });
  }

  return (
    <Modal open={open} onClose={close} title="Forgot your password?">
      <form onSubmit={submit} onFocus={prefetchAuthSchemas} noValidate className="space-y-4">
        <p className="text-sm text-stone-600">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
        <TextField
          label="Email"
          type="email"
          name="recovery-email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <FormError message={errors.form} />
        <FormActions
          submitting={form.checking || forgot.isPending}
          label="Send Recovery Email"
          busyLabel="Sending…"
          onCancel={close}
        />
      </form>
    </Modal>
  );
}
