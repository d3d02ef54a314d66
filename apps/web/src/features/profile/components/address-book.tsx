import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Address } from '@urembo/contract/addresses';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import type { User } from '@urembo/contract/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmailText } from '../../../components/email-text';
import { MapPinIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAddresses, useDeleteAddress } from '../api';
import { AddressForm } from './address-form';
import { useT } from '../../../i18n/i18n';

function AddressCard({
  address,
  onEdit,
  onDelete,
  deleting,
}: {
  address: Address;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const t = useT();
  return (
    <li
      className={`card flex flex-col p-5 ${address.isDefault ? 'ring-2 ring-brand-300' : ''}`}
      data-testid="address-card"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold text-ink">{address.name}</p>
        {address.isDefault ? (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            {t('address.default')}
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-stone-600">{formatPhoneForDisplay(address.phone)}</p>
      {address.email ? (
        <p className="text-sm text-stone-600">
          <EmailText email={address.email} />
        </p>
      ) : null}
      <p className="mt-3 flex gap-2 text-sm text-stone-700">
        <MapPinIcon width={18} height={18} className="mt-0.5 shrink-0 text-brand-600" />
        <span>{[address.country, address.county, address.town, address.location].join(', ')}</span>
      </p>
      <div className="mt-4 flex gap-2 border-t border-stone-100 pt-4">
        <button type="button" className="btn-outline flex-1 py-2" onClick={onEdit}>
          {t('address.edit')}
        </button>
        <button
          type="button"
          className="btn flex-1 border border-red-200 bg-white py-2 text-red-700 hover:bg-red-50"
          onClick={onDelete}
          disabled={deleting}
        >
          {deleting ? t('address.deleting') : t('address.delete')}
        </button>
      </div>
    </li>
  );
}

/** The profile's "Address Books": list, create, edit and delete. */
export function AddressBook({ user }: { user: User }) {
  const t = useT();
  const { data: addresses, isPending, isError } = useAddresses(user._id);
  const remove = useDeleteAddress(user._id);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  function deleteAddress(address: Address) {
    remove.mutate(address._id, {
      onSuccess: (data) => {
        setDeleting(null);
        toast.success(data.message || t('address.deleted'));
      },
      onError: (error) => toast.error(errorMessage(error, t('address.deleteFailed'))),
    });
  }

  return (
    <section aria-labelledby="address-books" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="address-books" className="font-display text-2xl font-semibold text-brand-800">
            {t('address.books')}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t('address.booksIntro')}</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('address.create')}
        </button>
      </div>
      <div className="mt-5">
        {isPending ? (
          <Spinner label={t('address.loading')} className="py-10" />
        ) : isError ? (
          <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">{t('address.loadFailed')}</p>
        ) : addresses.length === 0 ? (
          <div className="card flex flex-col items-center px-6 py-10 text-center">
            <MapPinIcon width={32} height={32} className="text-brand-300" />
            <p className="mt-3 font-medium text-ink">{t('address.none')}</p>
            <p className="mt-1 max-w-sm text-sm text-stone-600">{t('address.noneBody')}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {addresses.map((address) => (
              <AddressCard
                key={address._id}
                address={address}
                onEdit={() => setEditing(address)}
                onDelete={() => setDeleting(address)}
                deleting={remove.isPending && remove.variables === address._id}
              />
            ))}
          </ul>
        )}
      </div>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('address.create') : t('address.editTitle')}
      >
        {editing !== null ? (
          <AddressForm
            key={editing === 'new' ? 'new' : editing._id}
            user={user}
            address={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={t('address.deleteTitle')}
        confirmLabel={t('address.deleteConfirm')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => (deleting ? deleteAddress(deleting) : undefined)}
      >
        {deleting ? (
          <>
            {t('address.deleteBody', {
              name: deleting.name,
              place: [deleting.country, deleting.county, deleting.town, deleting.location].join(', '),
            })}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
