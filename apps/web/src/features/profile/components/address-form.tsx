import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { addressBodySchema, type Address } from '@urembo/contract/addresses';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import type { User } from '@urembo/contract/users';
import { FormActions, FormError, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import {
  serverFieldErrors,
  validateForm,
  type FieldErrors,
  useFocusFirstError,
} from '../../../lib/form-errors';
import { useSaveAddress } from '../api';
import { PlacePicker, type PlaceNames } from './place-picker';
import { useT } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

/**
 * The address book form, the same for create and edit: Name, Phone, Email
 * (optional), the cascading place selects and "Set as Default".
 */
export function AddressForm({
  user,
  address,
  onDone,
  onSaved,
}: {
  user: User;
  /** The address being edited; none creates a new one. */
  address?: Address;
  onDone: () => void;
  /** Told the saved address (the checkout picks a new one at once). */
  onSaved?: (address: Address) => void;
}) {
  const t = useT();
  const save = useSaveAddress(user._id);
  const [name, setName] = useState(address?.name ?? user.fullName);
  const [phone, setPhone] = useState(formatPhoneForDisplay(address?.phone ?? user.phone));
  // A saved address keeps its own (possibly empty) email; only a new one starts from the account's.
  const [email, setEmail] = useState((address ? address.email : user.email) ?? '');
  const [place, setPlace] = useState<PlaceNames>({
    country: address?.country ?? '',
    county: address?.county ?? '',
    town: address?.town ?? '',
    location: address?.location ?? '',
  });
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);
  const editing = !!address;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(addressBodySchema, { name, phone, email, ...place, isDefault }, (m) =>
      inLanguage(m, t.lang),
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: address?._id, body: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(editing ? t('address.updated') : t('address.added'));
          onSaved?.(saved);
          onDone();
        },
        onError: (error) => {
          const message = errorMessage(error, editing ? t('address.updateFailed') : t('address.failed'));
          setErrors({ ...serverFieldErrors(error), form: message });
          toast.error(message);
        },
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('address.name')}
        name="name"
        autoComplete="name"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('address.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <TextField
          label={t('address.email')}
          labelNote={t('form.optional')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
      </div>
      <PlacePicker value={place} onChange={setPlace} errors={errors} />
      <label className="flex items-center gap-3 rounded-xl bg-stone-50 px-4 py-3 text-sm font-medium text-stone-700">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={isDefault}
          onChange={(e) => setIsDefault(e.target.checked)}
        />
        {t('address.setDefault')}
      </label>
      <FormError message={errors.form} />
      <FormActions
        submitting={save.isPending}
        label={editing ? t('address.update') : t('address.save')}
        onCancel={onDone}
      />
    </form>
  );
}
