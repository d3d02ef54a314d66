import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../i18n/i18n';
import { useBrands, useCategories, useProducts } from '../api';
import { CategoryTabs } from '../components/category-tabs';
import { ProductGrid } from '../components/product-grid';
import { parsePage, scrollToList, useQueryState } from '../use-page-param';

/**
 * The shop: category tabs, a grid of 10 a page and Previous / "Page n of N" / Next. The category and the
 * page live in the URL (/shop?category=...&page=2), so back, forward and shared links land on the same list.
 * Choosing another category starts at its first page.
 */
export default function ShopPage() {
  const t = useT();
  const [params, setParams] = useQueryState();
  const category = params.get('category') || null;
  const brand = params.get('brand') || null;
  const page = parsePage(params.get('page'));
  const categories = useCategories();
  const brands = useBrands();
  const products = useProducts(page, category, brand);
  const current = categories.data?.find((c) => c._id === category);
  useDocumentTitle(current ? current.category : t('nav.shop'));

  const totalPages = products.data?.totalPages ?? 0;
  const empty = products.data && products.data.data.length === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-4 pt-6 sm:pt-10">
      <header className="mb-5">
        <h1 className="font-display text-3xl font-bold text-brand-900 sm:text-4xl">
          {current ? current.category : t('nav.shop')}
        </h1>
        <p className="mt-2 max-w-2xl text-stone-600">{current?.description || t('shop.intro')}</p>
      </header>
      <CategoryTabs categories={categories.data} selected={category} isLoading={categories.isPending} />
      {brands.data && brands.data.length > 0 ? (
        <div className="mt-4 flex items-center gap-3">
          <label htmlFor="brand-filter" className="text-sm font-semibold text-stone-700">
            {t('shop.brand')}
          </label>
          <select
            id="brand-filter"
            className="input h-10 w-auto min-w-48 py-0"
            value={brand ?? ''}
            onChange={(e) => setParams({ brand: e.target.value || null, page: 1 })}
          >
            <option value="">{t('shop.allBrands')}</option>
            {brand && !brands.data.some((b) => b.brand.toLowerCase() === brand.toLowerCase()) ? (
              <option value={brand}>{brand}</option>
            ) : null}
            {brands.data.map((b) => (
              <option key={b.brand} value={b.brand}>
                {b.brand} ({b.count})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div id="shop-grid" className="mt-6">
        {/* The cards' names are h3: a heading between them and the page's h1 keeps the outline in order. */}
        <h2 className="sr-only">{t('shop.products')}</h2>
        {products.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
            {t('list.error', { message: errorMessage(products.error, t('list.failed')) })}
          </p>
        ) : empty ? (
          <div className="card px-6 py-16 text-center">
            <p className="font-display text-2xl text-brand-800">{t('shop.empty')}</p>
            <p className="mt-2 text-stone-600">{t('shop.emptyText')}</p>
          </div>
        ) : (
          <ProductGrid
            products={products.data?.data}
            isLoading={products.isPending}
            eagerCount={4}
            label={t('shop.products')}
            dimmed={products.isPlaceholderData}
          />
        )}
      </div>
      <Pager
        className="mt-8"
        page={Math.min(page, Math.max(totalPages, 1))}
        totalPages={totalPages}
        onPage={(next) => {
          setParams({ page: next });
          scrollToList('shop-grid');
        }}
      />
    </div>
  );
}
