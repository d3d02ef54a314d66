import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { userRoutes } from '@urembo/contract/routes/users';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { useAuthUser } from '../api';
import { useDeleteMe } from '../mutations';

const EXPORT_URL = `/api/v1${userRoutes.exportMe.path}`;

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteMe();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Enter your password to delete your account');
    setError(undefined);
    remove.mutate(password, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        navigate('/');
      },
      onError: (err) => setError(errorMessage(err, 'Could not delete your account')),
    });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Delete your account?"
      role="alertdialog"
      describedBy="delete-what"
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div id="delete-what" className="grid gap-2 text-sm text-stone-700">
          <p>
            This cannot be undone. You are signed out everywhere and cannot sign in to this account again.
          </p>
          <p>
            <strong>Erased:</strong> your name, phone number, email and saved addresses, from your account and
            from your orders; your cart and sign-in history.
          </p>
          <p>
            <strong>Kept:</strong> your orders’ items, amounts and M-Pesa receipts, without your name or
            contacts, because the shop must keep its books; your reviews stay, shown as “Former customer”.
          </p>
          <p>
            Download your data first if you want a copy. Your phone number and email can open a new account
            later.
          </p>
        </div>
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
          data-autofocus
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Keep my account
          </button>
          <button
            type="submit"
            className="btn-primary bg-red-700 px-6 hover:bg-red-800"
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The profile's "Your data": download a copy of everything the shop keeps, or delete the account. */
export function YourData() {
  const { data: user } = useAuthUser();
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  return (
    <section className="card mt-6 grid gap-4 p-5 sm:p-6" aria-labelledby="data-heading">
      <h2 id="data-heading" className="font-display text-2xl font-semibold text-brand-800">
        Your data
      </h2>
      <p className="text-sm text-stone-600">
        Download a copy of everything the shop keeps about you (profile, addresses, orders and payments,
        reviews, sessions), or delete your account.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a className="btn-outline text-center" href={EXPORT_URL} download>
          Download my data
        </a>
        <button
          type="button"
          className="btn-outline border-red-300 text-red-700 hover:bg-red-50"
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
