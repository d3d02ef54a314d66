import { useT } from '../i18n/i18n';

/** A quiet loading indicator that screen readers announce ("Loading" in the page's language unless labelled). */
export function Spinner({ label, className = 'py-20' }: { label?: string; className?: string }) {
  const t = useT();
  return (
    <div role="status" className={`flex justify-center ${className}`}>
      <span className="h-9 w-9 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
      <span className="sr-only">{label ?? t('shell.loading')}</span>
    </div>
  );
}
