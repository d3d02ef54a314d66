import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { updateMeBodySchema } from '@urembo/contract/auth';
import { formatPhoneForDisplay, normalizeKenyanPhone } from '@urembo/contract/phone';
import type { User } from '@urembo/contract/users';
import { FormError, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import {
  serverFieldErrors,
  validateForm,
  type FieldErrors,
  useFocusFirstError,
} from '../../../lib/form-errors';
import { useAuthUser } from '../api';
import { useUpdateMe } from '../mutations';
import { useT } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

function DetailsForm({ user, onDone }: { user: User; onDone: () => void }) {
  const t = useT();
  const update = useUpdateMe();
  const [values, setValues] = useState({
    fullName: user.fullName,
    phone: formatPhoneForDisplay(user.phone),
    email: user.email ?? '',
    currentPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const phoneChanged = (normalizeKenyanPhone(values.phone) ?? values.phone) !== user.phone;
  const emailChanged = values.email.trim().toLowerCase() !== (user.email ?? '');
  const needsPassword = phoneChanged || (emailChanged && values.email.trim() !== '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(
      updateMeBodySchema,
      {
        fullName: values.fullName,
        phone: values.phone,
        ...(values.email.trim() ? { email: values.email } : {}),
        ...(needsPassword ? { currentPassword: values.currentPassword } : {}),
      },
      (m) => inLanguage(m, t.lang),
    );
    if (!checked.ok) return setErrors(checked.errors);
    if (needsPassword && !values.currentPassword) {
      return setErrors({
        currentPassword: t('details.needPassword'),
      });
    }
    setErrors({});
    update.mutate(checked.data, {
      onSuccess: () => {
        toast.success(needsPassword ? t('details.savedVerify') : t('details.saved'));
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, t('details.failed'));
        // The server's message names the field, in English or in Kiswahili.
        const field = /current password|nenosiri la sasa/i.test(message)
          ? 'currentPassword'
          : /phone|simu/i.test(message)
            ? 'phone'
            : /email|barua pepe/i.test(message)
              ? 'email'
              : 'form';
        setErrors({ ...serverFieldErrors(error), [field]: message });
        toast.error(message);
      },
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:max-w-md"
      aria-label={t('details.form')}
    >
      <TextField
        label={t('form.fullName')}
        name="fullName"
        autoComplete="name"
        value={values.fullName}
        onChange={set('fullName')}
        error={errors.fullName}
      />
      <TextField
        label={t('form.phone')}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        hint={errors.phone ? undefined : t('form.phoneHint')}
      />
      <TextField
        label={t('signup.emailLabel')}
        labelNote={t('form.optional')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      {needsPassword ? (
        <TextField
          label={t('details.currentPassword')}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          hint={t('details.passwordHint')}
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
      ) : null}
      <FormError message={errors.form} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" className="btn-outline" onClick={onDone}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="btn-primary px-6" disabled={update.isPending}>
          {update.isPending ? t('form.saving') : t('details.save')}
        </button>
      </div>
    </form>
  );
}

/** The profile's "Your details": change the name, phone or email (a new phone or email is verified again). */
export function AccountDetails() {
  const t = useT();
  const { data: user } = useAuthUser();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <section className="card mt-6 grid gap-4 p-5 sm:p-6" aria-labelledby="details-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="details-heading" className="font-display text-2xl font-semibold text-brand-800">
          {t('details.heading')}
        </h2>
        {editing ? null : (
          <button type="button" className="btn-outline px-4 py-1.5 text-sm" onClick={() => setEditing(true)}>
            {t('details.edit')}
          </button>
        )}
      </div>
      {editing ? (
        <DetailsForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <p className="text-sm text-stone-600">{t('details.intro')}</p>
      )}
    </section>
  );
}
