import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../i18n/i18n';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The message shown under the field (and announced) when its value was refused. */
  error?: string | undefined;
  /** A quiet help line under the field. */
  hint?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  labelNote?: string;
}

/** A labelled text input with its hint and error, wired for screen readers. */
export function TextField({ label, error, hint, labelNote, className = '', type, ...input }: FieldProps) {
  const t = useT();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
        {labelNote ? <span className="ml-1 font-normal text-stone-500">{labelNote}</span> : null}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`input ${isPassword ? 'pr-16' : ''} ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-100' : ''}`}
          {...input}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            className="absolute inset-y-0 right-1 my-1 rounded-lg px-3 text-xs font-semibold text-brand-700 hover:bg-brand-50"
            aria-label={t(revealed ? 'form.hideLabel' : 'form.showLabel', { label: label.toLowerCase() })}
          >
            {revealed ? t('form.hide') : t('form.show')}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs leading-relaxed text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The error of the whole form (what the server answered), above its buttons. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      data-form-error
      className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-100"
    >
      {message}
    </p>
  );
}

/**
 * A form's buttons: Cancel (when the form can be left) and the submit button, which says what it is doing while the
 * form is sent. Side by side at the right on wide screens, the submit button on top on a phone.
 */
export function FormActions({
  submitting,
  label,
  busyLabel,
  onCancel,
  className = '',
}: {
  submitting: boolean;
  label: string;
  busyLabel?: string;
  onCancel?: (() => void) | undefined;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${className}`}>
      {onCancel ? (
        <button type="button" className="btn-outline" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      ) : null}
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? (busyLabel ?? t('form.saving')) : label}
      </button>
    </div>
  );
}
