import { useId, type ReactNode } from 'react';
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
