import { useT } from '../i18n/i18n';

/** Previous / "Page n of N" / Next, used by every paged list. Hidden when there is one page or none. */
export function Pager({
  page,
  totalPages,
  onPage,
  className = '',
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className={`flex items-center justify-center gap-3 ${className}`}>
      <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span className="min-w-28 text-center text-sm font-medium text-stone-600">
        {t('pager.of', { page, total: totalPages })}
      </span>
      <button
        type="button"
        className="btn-outline"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
