import { useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { SEARCH_TERM_MAX } from '@urembo/contract/page-sizes';
import { useT } from '../i18n/i18n';
import { SearchIcon } from './icons';

/** Navigates to /search?search=<term> only when the term is not blank. */
export function SearchForm({
  className = '',
  autoFocus = false,
}: {
  className?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const [term, setTerm] = useState(() => params.get('search') ?? '');
  // The top bar has two (one for phones, one for wider screens): each labels its own field.
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    navigate(`/search?search=${encodeURIComponent(trimmed)}`);
  }

  return (
    // action: a search sent before the app has started is a plain GET of /search, which the server renders.
    <form role="search" action="/search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('searchForm.label')}
      </label>
      <input
        id={id}
        type="search"
        name="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('searchForm.placeholder')}
        autoComplete="off"
        maxLength={SEARCH_TERM_MAX}
        enterKeyHint="search"
        autoFocus={autoFocus}
        className="h-11 w-full rounded-full border border-stone-300 bg-white pl-4 pr-12 text-[15px] outline-none transition placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
      />
      <button
        type="submit"
        aria-label={t('searchForm.submit')}
        className="absolute right-1 top-1 flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
      >
        <SearchIcon width={18} height={18} />
      </button>
    </form>
  );
}
