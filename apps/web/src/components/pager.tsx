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
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className={`flex items-center justify-center gap-3 ${className}`}>
      <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="min-w-28 text-center text-sm font-medium text-stone-600">
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="btn-outline"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
