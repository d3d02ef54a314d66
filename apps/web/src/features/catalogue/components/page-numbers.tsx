import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { useT } from '../../../i18n/i18n';

/** Which page numbers to show: always the first and last, and two either side of the current one. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let n = 1; n <= totalPages; n += 1) {
    if (n === 1 || n === totalPages || Math.abs(n - page) <= 2) out.push(n);
    else if (out.at(-1) !== 'gap') out.push('gap');
  }
  return out;
}

/** Numbered page buttons (the search results' pager). Hidden for a single page. */
export function PageNumbers({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (totalPages <= 1) return null;
  const button =
    'flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        className={`${button} text-brand-700 hover:bg-brand-50`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.previousPage')}
      >
        <ChevronLeftIcon width={18} height={18} />
      </button>
      {pageWindow(page, totalPages).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-stone-500" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            onClick={() => onPage(n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('pager.page', { page: n })}
            className={`${button} ${
              n === page
                ? 'bg-brand-700 text-white'
                : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-brand-50'
            }`}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${button} text-brand-700 hover:bg-brand-50`}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.nextPage')}
      >
        <ChevronRightIcon width={18} height={18} />
      </button>
    </nav>
  );
}
