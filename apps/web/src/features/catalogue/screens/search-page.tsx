import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { SEARCH_TERM_MAX } from '@urembo/contract/page-sizes';
import { ApiRequestError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { t as pageT, useT } from '../../../i18n/i18n';
import { Link } from 'wouter';
import { useCategories, useFeaturedProducts, useProductSearch } from '../api';
import { PageNumbers } from '../components/page-numbers';
import { ProductGrid } from '../components/product-grid';
import { parsePage, scrollToList, useQueryState } from '../use-page-param';

/**
 * Search results: the server's message in green above the grid and numbered page buttons. It searches
 * only when there is a term; the term is shown as text, never as markup.
 */
export default function SearchPage() {
  const t = useT();
  const [params, setParams] = useQueryState();
  const term = (params.get('search') ?? '').trim();
  const page = parsePage(params.get('page'));
  // A term too long to search is answered here, without asking the server (which would refuse it).
  const tooLong = term.length > SEARCH_TERM_MAX;
  const results = useProductSearch(tooLong ? '' : term, page);
  // The server refused the term (400): its message says why; anything else is a failure to fetch.
  const refused =
    results.error instanceof ApiRequestError && results.error.status === 400 ? results.error.message : null;
  useDocumentTitle(term ? t('search.title', { term }) : t('searchForm.submit'));

  useEffect(() => {
    if (results.isError && !refused) toast.error(pageT('search.failed'), { id: 'search-failed' });
  }, [results.isError, results.errorUpdatedAt, refused]);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-4 pt-6 sm:pt-10">
      <header className="mb-6">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-600">
          {t('searchForm.submit')}
        </p>
        <h1 className="mt-1 break-words font-display text-3xl font-bold text-brand-900 sm:text-4xl">
          {term ? t('search.results', { term }) : t('search.heading')}
        </h1>
      </header>
      {!term ? (
        <p className="card px-6 py-12 text-center text-stone-600">{t('search.hint')}</p>
      ) : tooLong || refused ? (
        <p role="alert" className="card px-6 py-12 text-center text-stone-700">
          {tooLong ? t('search.tooLong', { max: SEARCH_TERM_MAX }) : refused}
        </p>
      ) : results.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
          {t('search.error')}
        </p>
      ) : (
        <div id="search-results">
          <h2 className="sr-only">{t('search.label')}</h2>
          {results.data ? (
            <p role="status" className="mb-5 break-words font-medium text-green-700">
              {results.data.total === 0
                ? t('search.none', { term })
                : t.n('search.found', results.data.total, { term })}
            </p>
          ) : (
            <div className="mb-5 h-6 w-56 animate-pulse rounded bg-stone-100" aria-hidden="true" />
          )}
          {results.data && results.data.total === 0 ? (
            <NoResults />
          ) : (
            <ProductGrid
              products={results.data?.data}
              isLoading={results.isPending}
              eagerCount={4}
              label={t('search.label')}
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

/**
 * Nothing found: not a dead end. A hint, the shop's categories to browse, and products people buy (the home page's
 * featured and new ones).
 */
function NoResults() {
  const t = useT();
  const categories = useCategories();
  const popular = useFeaturedProducts(1);
  return (
    <div className="space-y-8">
      <p className="card px-6 py-8 text-center text-stone-700">{t('search.tip')}</p>
      {categories.data && categories.data.length > 0 ? (
        <section aria-labelledby="browse-categories">
          <h2 id="browse-categories" className="font-display text-xl font-semibold text-brand-800">
            {t('search.browse')}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.data.map((category) => (
              <li key={category._id}>
                <Link
                  to={`/shop?category=${encodeURIComponent(category._id)}`}
                  className="inline-block rounded-full bg-white px-4 py-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                >
                  {category.category}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="popular-products">
        <h2 id="popular-products" className="mb-3 font-display text-xl font-semibold text-brand-800">
          {t('search.popular')}
        </h2>
        <ProductGrid
          products={popular.data?.data.slice(0, 5)}
          isLoading={popular.isPending}
          skeletons={5}
          label={t('search.popular')}
        />
      </section>
    </div>
  );
}
