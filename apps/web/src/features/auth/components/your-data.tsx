import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { userRoutes } from '@urembo/contract/routes/users';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { useAuthUser } from '../api';
import { useDeleteMe } from '../mutations';
import { useT } from '../../../i18n/i18n';

const EXPORT_URL = `/api/v1${userRoutes.exportMe.path}`;

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteMe();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(t('data.needPassword'));
    setError(undefined);
    remove.mutate(password, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        navigate('/');
      },
      onError: (err) => setError(errorMessage(err, t('data.deleteFailed'))),
    });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('data.deleteTitle')}
      role="alertdialog"
      describedBy="delete-what"
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div id="delete-what" className="grid gap-2 text-sm text-stone-700">
          <p>{t('data.noUndo')}</p>
          <p>{t('data.erased')}</p>
          <p>{t('data.kept')}</p>
          <p>{t('data.downloadFirst')}</p>
        </div>
        <TextField
          label={t('data.yourPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
          data-autofocus
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            {t('data.keep')}
          </button>
          <button
            type="submit"
            className="btn-primary bg-red-700 px-6 hover:bg-red-800"
            disabled={remove.isPending}
          >
            {remove.isPending ? t('data.deleting') : t('data.delete')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The profile's "Your data": download a copy of everything the shop keeps, or delete the account. */
export function YourData() {
  const t = useT();
  const { data: user } = useAuthUser();
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  return (
    <section className="card mt-6 grid gap-4 p-5 sm:p-6" aria-labelledby="data-heading">
      <h2 id="data-heading" className="font-display text-2xl font-semibold text-brand-800">
        {t('data.heading')}
      </h2>
      <p className="text-sm text-stone-600">{t('data.intro')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a className="btn-outline text-center" href={EXPORT_URL} download>
          {t('data.download')}
        </a>
        <button
          type="button"
          className="btn-outline border-red-300 text-red-700 hover:bg-red-50"
          onClick={() => setDeleting(true)}
        >
          {t('data.delete')}
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
