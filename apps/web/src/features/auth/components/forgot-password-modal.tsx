import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormActions, FormError, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import {
  serverFieldErrors,
  useFormCheck,
  type FieldErrors,
  useFocusFirstError,
} from '../../../lib/form-errors';
import { useForgotPassword, useResetPasswordByCode } from '../mutations';
import { authSchemas, prefetchAuthSchemas } from '../schemas';
import { useT } from '../../../i18n/i18n';

type Way = 'phone' | 'email';

/**
 * "Forgot your password?": by SMS to the account's phone (every account has one; email is optional) or by a link
 * mailed to its email. By phone, a second step takes the 6-digit code and the new password.
 */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [way, setWay] = useState<Way>('phone');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  // The phone the code was sent to (canonical); set once the SMS is asked for, it moves to the code step.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);
  const forgot = useForgotPassword();
  const form = useFormCheck(() => authSchemas().then((m) => m.forgotPasswordBodySchema));

  function close() {
    setErrors({});
    setCodeSentTo(null);
    forgot.reset();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = await form.check(way === 'phone' ? { phone } : { email });
    if (!checked) return;
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    forgot.mutate(checked.data, {
      onSuccess: (answer) => {
        if (checked.data.phone) {
          toast.success(answer.message);
          setCodeSentTo(checked.data.phone);
          return;
        }
        toast.success(t('forgot.emailSent'));
        setEmail('');
        close();
      },
      onError: (error) => {
        setErrors({
          ...serverFieldErrors(error),
          form: errorMessage(error, t('forgot.failed')),
        });
        toast.error(errorMessage(error, t('forgot.failed')));
      },
    });
  }

  return (
    <Modal open={open} onClose={close} title={t('forgot.title')}>
      {codeSentTo ? (
        <ResetByCodeForm
          phone={codeSentTo}
          onDone={() => {
            setPhone('');
            close();
          }}
          onBack={() => setCodeSentTo(null)}
        />
      ) : (
        <form ref={formRef} onSubmit={submit} onFocus={prefetchAuthSchemas} noValidate className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-700">{t('forgot.sendMe')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(
                [
                  ['phone', t('forgot.bySms')],
                  ['email', t('forgot.byEmail')],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={`flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2.5 text-sm ring-1 ${
                    way === value
                      ? 'bg-brand-50 font-semibold text-brand-800 ring-brand-300'
                      : 'ring-stone-200'
                  }`}
                >
                  <input
                    type="radio"
                    name="recovery-way"
                    value={value}
                    checked={way === value}
                    onChange={() => {
                      setWay(value);
                      setErrors({});
                    }}
                    className="accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {way === 'phone' ? (
            <>
              <p className="text-sm text-stone-600">{t('forgot.phoneIntro')}</p>
              <TextField
                label={t('form.phone')}
                type="tel"
                name="recovery-phone"
                autoComplete="tel"
                inputMode="tel"
                required
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                error={errors.phone ?? errors.email}
              />
            </>
          ) : (
            <>
              <p className="text-sm text-stone-600">{t('forgot.emailIntro')}</p>
              <TextField
                label={t('form.email')}
                type="email"
                name="recovery-email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={errors.email}
              />
            </>
          )}
          <FormError message={errors.form} />
          <FormActions
            submitting={form.checking || forgot.isPending}
            label={way === 'phone' ? t('forgot.sendCode') : t('forgot.sendEmail')}
            busyLabel={t('form.sending')}
            onCancel={close}
          />
        </form>
      )}
    </Modal>
  );
}

/** The second step by phone: the code from the SMS and the new password (twice). */
function ResetByCodeForm({
  phone,
  onDone,
  onBack,
}: {
  phone: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);
  const reset = useResetPasswordByCode();
  const form = useFormCheck(() => authSchemas().then((m) => m.resetPasswordByCodeBodySchema));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = await form.check({ phone, code, password });
    if (!checked) return;
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (password !== confirm) {
      setErrors({ confirm: t('forgot.noMatch') });
      return;
    }
    setErrors({});
    reset.mutate(checked.data, {
      onSuccess: () => {
        toast.success(t('forgot.changed'));
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, t('forgot.resetFailed'));
        setErrors({ ...serverFieldErrors(error), form: message });
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-stone-600" aria-live="polite">
        {t('forgot.codeOnWay', { phone: `+${phone}` })}
      </p>
      <TextField
        label={t('forgot.codeLabel')}
        name="reset-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
      />
      <TextField
        label={t('form.newPassword')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <FormError message={errors.form} />
      <FormActions
        submitting={form.checking || reset.isPending}
        label={t('forgot.reset')}
        busyLabel={t('form.saving')}
        onCancel={onBack}
      />
    </form>
  );
}
