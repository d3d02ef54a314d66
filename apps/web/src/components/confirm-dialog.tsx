import type { UseMutationResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../lib/api-client';
import { Modal } from './modal';
import { useT } from '../i18n/i18n';

/**
 * "Are you sure?" before something that cannot be undone: an alert dialog whose focus starts on Cancel, so a
 * stray Enter does not destroy anything.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const bodyId = useId();
  return (
    <Modal open={open} onClose={onCancel} title={title} role="alertdialog" describedBy={bodyId}>
      <div id={bodyId} className="text-stone-700">
        {children}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onCancel} data-autofocus>
          {t('form.cancel')}
        </button>
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? t('dialog.busy') : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/**
 * An admin table's "Delete X?" step: open while `item` is set. Confirming deletes it by its `_id` with `remove`,
 * toasts `deleted` and closes; a refusal toasts the server's reason (else `failed`) and keeps it open to read again,
 * unless `closeOnError`.
 */
export function ConfirmDelete<T extends { _id: string }, Data, Err, Ctx>({
  item,
  title,
  confirmLabel = 'Delete',
  remove,
  deleted,
  failed,
  closeOnError = false,
  onClose,
  children,
}: {
  item: T | null;
  title: string;
  confirmLabel?: string;
  remove: Pick<UseMutationResult<Data, Err, string, Ctx>, 'mutate' | 'isPending'>;
  deleted: string | ((item: T) => string);
  failed: string;
  closeOnError?: boolean;
  onClose: () => void;
  /** The question, naming what goes. */
  children: (item: T) => ReactNode;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      confirmLabel={confirmLabel}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item._id, {
          onSuccess: () => {
            toast.success(typeof deleted === 'string' ? deleted : deleted(item));
            onClose();
          },
          onError: (err) => {
            toast.error(errorMessage(err, failed));
            if (closeOnError) onClose();
          },
        });
      }}
    >
      {item ? children(item) : null}
    </ConfirmDialog>
  );
}

/** A table row's Delete button (named "Delete <what>" for screen readers); it opens a ConfirmDelete. */
export function DeleteButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn-ghost px-3 py-1.5 text-red-700"
      aria-label={`Delete ${what}`}
      onClick={onClick}
    >
      Delete
    </button>
  );
}
