/** A quiet loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading', className = 'py-20' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex justify-center ${className}`}>
      <span className="h-9 w-9 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
