import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProductSearch } from '../api';
import { PageNumbers } from '../components/page-numbers';
import { ProductGrid } from '../components/product-grid';
import { parsePage, scrollToList, useQueryState } from '../use-page-param';

/**
 * Search results: the server's message in green above the grid and numbered page buttons. It searches
 * only when there is a term; the term is shown as text, never as markup.
 */
export default function SearchPage() {
  const [params, setParams] = useQueryState();
  const term = (params.get('search') ?? '').trim();
  const page = parsePage(params.get('page'));
  const results = useProductSearch(term, page);
  useDocumentTitle(`Browse products ${term}`.trim());

  useEffect(() => {
    if (results.isError) toast.error('Failed to fetch products', { id: 'search-failed' });
  }, [results.isError, results.errorUpdatedAt]);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-4 pt-6 sm:pt-10">
      <header className="mb-6">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-600">Search</p>
        <h1 className="mt-1 break-words font-display text-3xl font-bold text-brand-900 sm:text-4xl">
          {term ? <>Results for “{term}”</> : 'Search the shop'}
        </h1>
      </header>
      {!term ? (
        <p className="card px-6 py-12 text-center text-stone-600">
          Type a product, a brand or an ingredient in the search box: serum, shea butter, matte lipstick…
        </p>
      ) : results.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
          Error loading products
        </p>
      ) : (
        <div id="search-results">
          <h2 className="sr-only">Search results</h2>
          {results.data ? (
            <p role="status" className="mb-5 break-words font-medium text-green-700">
              {results.data.message}
            </p>
          ) : (
            <div className="mb-5 h-6 w-56 animate-pulse rounded bg-stone-100" aria-hidden="true" />
          )}
          {results.data && results.data.total === 0 ? (
            <div className="card px-6 py-12 text-center text-stone-600">
              Check the spelling, or try a shorter word: “ser” finds every serum.
            </div>
          ) : (
            <ProductGrid
              products={results.data?.data}
              isLoading={results.isPending}
              eagerCount={4}
              label="Search results"
              dimmed={results.isPlaceholderData}
            />
          )}
          <div className="mt-8">
            <PageNumbers
              page={page}
              totalPages={results.data?.totalPages ?? 0}
              onPage={(next) => {
                setParams({ page: next });
                scrollToList('search-results');
              }}
            />
          </div>
        </div>
      )}
    </div>
  );
}
