import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { useT } from '../i18n/i18n';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** "center" for forms and confirmations, "left" for the mobile menu drawer. */
  placement?: 'center' | 'left';
  className?: string;
  /** "alertdialog" for a question that interrupts (a confirmation), described by `describedBy`. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}

/**
 * An accessible modal on the native <dialog> element: the browser traps focus, closes on Escape, restores focus
 * and marks the rest of the page inert, with no library code to download. An element marked `data-autofocus`
 * takes the focus on opening (the browser would give it to the first button, the close icon).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  placement = 'center',
  className = '',
  role,
  describedBy,
}: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const position =
    placement === 'left'
      ? 'm-0 h-full max-h-none w-[min(20rem,85vw)] rounded-none rounded-r-2xl'
      : 'm-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl';

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      className={`bg-white p-0 text-ink shadow-2xl ${position} ${className}`}
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-stone-100 px-5 py-4">
            <h2 id={titleId} className="font-display text-xl font-semibold text-brand-800">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('dialog.close')}
              className="flex h-9 w-9 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100"
            >
              <CloseIcon width={20} height={20} />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
