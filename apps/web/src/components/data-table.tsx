import { Fragment, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useMediaQuery } from '../lib/use-media-query';
import { Spinner } from './spinner';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** Tailwind's `md`: below it a row is a card. */
const WIDE = '(min-width: 768px)';

/**
 * The admin panel's table, with loading, error and empty states. The first column says what a row is and the
 * last one what can be done with it (Edit, Delete, Update, Pending/Complete), so both stay in view: on a phone,
 * and wherever the table would not fit its box (a wide table on a laptop), each row is a card (first column as its
 * title, last one as its footer), so no column hides under another or off the edge; otherwise a table, its first
 * and last columns pinned should the box narrow.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  empty = 'Nothing here yet',
  caption,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading?: boolean;
  error?: string | null;
  empty?: string;
  caption?: string;
}) {
  const wide = useMediaQuery(WIDE, true);
  const fit = useFitsItsBox(rows);
  if (isLoading) return <Spinner label="Loading table" />;
  if (error) return <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">{error}</p>;
  if (!rows || rows.length === 0) return <p className="px-4 py-10 text-center text-stone-600">{empty}</p>;
  if (!wide || !fit.fits) {
    return (
      <div ref={fit.box}>
        <RowCards columns={columns} rows={rows} rowKey={rowKey} caption={caption} twoColumns={wide} />
      </div>
    );
  }

  const last = columns.length - 1;
  // Pinned cells need an opaque background of their own, or the scrolled columns would show through them.
  const pin = (i: number, head: boolean) => {
    if (columns.length < 2 || (i !== 0 && i !== last)) return '';
    const background = head ? 'bg-stone-50' : 'bg-white group-hover:bg-brand-50';
    return i === 0
      ? `sticky left-0 z-10 ${background} shadow-[inset_-1px_0_0_var(--color-stone-200)]`
      : `sticky right-0 z-10 ${background} shadow-[inset_1px_0_0_var(--color-stone-200)]`;
  };
  return (
    <div
      ref={(el) => {
        fit.box.current = el;
        fit.table.current = el;
      }}
      className="overflow-x-auto rounded-2xl bg-white ring-1 ring-stone-200"
      data-testid="data-table"
      onFocus={revealFromPins}
    >
      <table className="min-w-full divide-y divide-stone-200 text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-stone-50 text-xs font-semibold uppercase tracking-wide text-stone-600">
          <tr>
            {columns.map((c, i) => (
              <th
                key={c.header}
                scope="col"
                className={`whitespace-nowrap px-4 py-3 ${pin(i, true)} ${c.className ?? ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="group hover:bg-brand-50">
              {columns.map((c, i) => (
                <td key={c.header} className={`px-4 py-3 align-top ${pin(i, false)} ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Keyboard focus on a control that the browser scrolled into the table's box but under a pinned column (it stops at
 * the box's edge, where the pinned cell sits) scrolls the table on until the control shows beside the pin.
 */
function revealFromPins(event: FocusEvent<HTMLDivElement>) {
  const box = event.currentTarget;
  const target = event.target as HTMLElement;
  const cell = target.closest('td, th');
  if (!cell?.parentElement || getComputedStyle(cell).position === 'sticky') return;
  const cells = Array.from(cell.parentElement.children);
  const pinned = (el: Element | undefined) => el && getComputedStyle(el).position === 'sticky';
  const frame = box.getBoundingClientRect();
  const first = cells[0];
  const last = cells[cells.length - 1];
  const left = pinned(first) ? first!.getBoundingClientRect().right : frame.left;
  const right = pinned(last) ? last!.getBoundingClientRect().left : frame.right;
  const shown = target.getBoundingClientRect();
  const margin = 8;
  if (shown.left < left) box.scrollLeft -= left - shown.left + margin;
  else if (shown.right > right) box.scrollLeft += shown.right - right + margin;
}

/**
 * Whether the table fits its box: measured once drawn (a table wider than its box turns into cards), and again when
 * the box grows to the width the table needed (back to a table). jsdom measures nothing: tables there always fit.
 */
function useFitsItsBox(rows: unknown) {
  const box = useRef<HTMLDivElement | null>(null);
  const table = useRef<HTMLDivElement | null>(null);
  const needed = useRef(0);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const el = table.current;
    if (fits && el && el.scrollWidth > el.clientWidth + 1) {
      needed.current = el.scrollWidth;
      setFits(false);
    }
  }, [fits, rows]);
  useLayoutEffect(() => {
    const el = box.current;
    if (fits || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth >= needed.current) setFits(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fits]);
  return { fits, box, table };
}

function RowCards<T>({
  columns,
  rows,
  rowKey,
  caption,
  twoColumns = false,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  caption?: string | undefined;
  /** Cards two abreast (a laptop's box, too narrow for the table but wide for one card). */
  twoColumns?: boolean;
}) {
  const [first, ...rest] = columns;
  const footer = rest.length > 0 ? rest.pop() : undefined;
  return (
    <ul
      className={twoColumns ? 'grid grid-cols-2 gap-2' : 'space-y-2'}
      aria-label={caption}
      data-testid="data-cards"
    >
      {rows.map((row) => (
        <li key={rowKey(row)} className="rounded-xl bg-white p-3 text-sm ring-1 ring-stone-200">
          {first ? <div className="font-medium text-ink">{first.cell(row)}</div> : null}
          {rest.length > 0 ? (
            <dl className="mt-2 grid grid-cols-[minmax(5rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-1.5">
              {rest.map((c) => (
                <Fragment key={c.header}>
                  <dt className="pt-0.5 text-xs font-semibold uppercase tracking-wide text-stone-600">
                    {c.header}
                  </dt>
                  <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          ) : null}
          {footer ? (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
              <span className="text-xs font-semibold uppercase tracking-wide text-stone-600">
                {footer.header}
              </span>
              {footer.cell(row)}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
