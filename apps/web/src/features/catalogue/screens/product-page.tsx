import type { Product, Variant } from '@urembo/contract/catalogue';
import { bestBeforeLabel, isExpired } from '@urembo/contract/product-facts';
import { variantBySku, variantFor } from '@urembo/contract/variants';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../i18n/i18n';
import { NotFoundPage } from '../../../pages/not-found';
import { useProduct, useRelatedProducts } from '../api';
import { useProductActions } from '../components/product-actions';
import { PhonePayIcon, ReturnIcon, TruckIcon } from '../components/icons';
import { OrderOnWhatsApp } from '../../../components/order-on-whatsapp';
import { ImageCarousel } from '../../../components/image-carousel';
import { ProductGrid } from '../components/product-grid';
import { Rating } from '../components/rating';
import { StockBadge } from '../components/stock-badge';
import { PriceTag } from '../components/price-tag';
import { VariantPicker } from '../components/variant-picker';

/**
 * The variant shown: the one named by `?variant=sku` (so a shared link opens on that shade, server-rendered
 * too), else the first in stock, else the first. Choosing a value keeps the other choices when that combination
 * is sold, else takes the first variant in stock with the value.
 */
function useChosenVariant(product: Product | undefined) {
  const [params, setParams] = useSearchParams();
  const variants = product?.variants ?? [];
  const fromUrl = variantBySku(variants, params.get('variant'));
  const variant: Variant | null = fromUrl ?? variants.find((v) => v.inStock) ?? variants[0] ?? null;
  const choose = (option: string, value: string) => {
    const wanted = { ...(variant?.options ?? {}), [option]: value };
    const exact = variantFor(variants, wanted);
    const next =
      (exact?.inStock ? exact : undefined) ??
      variants.find((v) => v.options[option] === value && v.inStock) ??
      variantFor(variants, wanted) ??
      variants.find((v) => v.options[option] === value);
    if (!next) return;
    setParams(
      (previous) => {
        const query = new URLSearchParams(previous);
        query.set('variant', next.sku);
        return query;
      },
      { replace: true },
    );
  };
  return { variant, choose };
}

/** The product's pictures with the chosen variant's first. */
function picturesFor(product: Product, variant: Variant | null): string[] {
  if (!variant?.image) return product.images;
  return [variant.image, ...product.images.filter((src) => src !== variant.image)];
}

function Skeleton() {
  const t = useT();
  return (
    <div className="grid gap-8 md:grid-cols-2" role="status" aria-label={t('product.loading')}>
      <div className="aspect-[4/3] animate-pulse rounded-3xl bg-stone-100 sm:aspect-square" />
      <div className="space-y-4 pt-2">
        <div className="h-4 w-24 animate-pulse rounded bg-stone-100" />
        <div className="h-9 w-3/4 animate-pulse rounded bg-stone-100" />
        <div className="h-5 w-40 animate-pulse rounded bg-stone-100" />
        <div className="h-8 w-32 animate-pulse rounded bg-stone-100" />
        <div className="h-24 w-full animate-pulse rounded bg-stone-100" />
      </div>
    </div>
  );
}

/**
 * What is in the jar and until when: brand, registration, best before and the ingredient list (folded away: it is
 * long, and most shoppers look for one word in it).
 */
function WhatsInside({ product }: { product: Product }) {
  const t = useT();
  const { brand, registration, expiresOn, ingredients } = product;
  if (!brand && !registration && !expiresOn && !ingredients) return null;
  return (
    <section
      className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-stone-200/70"
      aria-labelledby="inside-title"
    >
      <h2 id="inside-title" className="text-sm font-semibold uppercase tracking-wider text-stone-600">
        {t('product.inside')}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {brand ? (
          <>
            <dt className="text-stone-600">{t('shop.brand')}</dt>
            <dd className="font-medium text-ink">{brand}</dd>
          </>
        ) : null}
        {registration ? (
          <>
            <dt className="text-stone-600">{t('product.registration')}</dt>
            <dd className="font-medium text-ink">{registration}</dd>
          </>
        ) : null}
        {expiresOn ? (
          <>
            <dt className="text-stone-600">{t('product.bestBeforeLabel')}</dt>
            <dd className="font-medium text-ink">{bestBeforeLabel(expiresOn)}</dd>
          </>
        ) : null}
      </dl>
      {ingredients ? (
        <details className="group mt-3 border-t border-stone-100 pt-3">
          <summary className="cursor-pointer list-none text-sm font-semibold text-brand-700 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{t('product.showIngredients')}</span>
            <span className="hidden group-open:inline">{t('product.hideIngredients')}</span>
          </summary>
          <p className="mt-2 text-sm leading-relaxed text-stone-700">{ingredients}</p>
        </details>
      ) : null}
      <p className="mt-3 text-xs text-stone-600">
        {t('product.genuine')}{' '}
        <Link to="/returns" className="font-semibold text-brand-700 underline">
          {t('product.authenticity')}
        </Link>
      </p>
    </section>
  );
}

function Related({ product }: { product: Product }) {
  const t = useT();
  const related = useRelatedProducts(product.category?._id, product._id);
  if (!product.category) return null;
  if (related.data && related.data.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-14">
      <div className="mb-5 flex items-end justify-between gap-4">
        <h2 id="related-title" className="font-display text-2xl font-semibold text-brand-900 sm:text-3xl">
          {t('product.more', { category: product.category.category })}
        </h2>
        <Link
          to={`/shop?category=${encodeURIComponent(product.category._id)}`}
          className="shrink-0 text-sm font-semibold text-brand-700 hover:underline"
        >
          {t('product.seeAll')}
        </Link>
      </div>
      <ProductGrid
        products={related.data}
        isLoading={related.isPending}
        skeletons={4}
        columns={4}
        label={t('product.related')}
      />
    </section>
  );
}

/**
 * A product: pictures, name, price, description, how to use, tags, rating and related products.
 * "Add to cart" and "Buy now" come from the ProductActions context, the reviews from `reviews` (both composed in
 * app/, so this feature imports neither the cart nor the reviews). An inactive product says it is unavailable.
 */
export default function ProductPage({ reviews }: { reviews?: (product: Product) => ReactNode }) {
  const t = useT();
  const actions = useProductActions();
  const { slug = '' } = useParams<{ slug: string }>();
  const product = useProduct(slug);
  const { variant, choose } = useChosenVariant(product.data);
  useDocumentTitle(product.data ? product.data.name : t('review.product'));

  if (product.error instanceof ApiRequestError && product.error.status === 404) return <NotFoundPage />;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-4 pt-4 sm:pt-8">
      {product.isPending ? (
        <Skeleton />
      ) : product.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
          {t('list.error', { message: errorMessage(product.error, t('product.failed')) })}
        </p>
      ) : (
        <>
          <nav aria-label={t('product.breadcrumb')} className="mb-3 text-sm text-stone-600 sm:mb-4">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <Link to="/shop" className="hover:text-brand-700">
                  {t('nav.shop')}
                </Link>
              </li>
              {product.data.category ? (
                <>
                  <li aria-hidden="true">/</li>
                  <li>
                    <Link
                      to={`/shop?category=${encodeURIComponent(product.data.category._id)}`}
                      className="hover:text-brand-700"
                    >
                      {product.data.category.category}
                    </Link>
                  </li>
                </>
              ) : null}
            </ol>
          </nav>
          <article className="grid gap-4 sm:gap-8 md:grid-cols-2 lg:gap-14">
            <ImageCarousel
              key={variant?._id ?? 'product'}
              images={picturesFor(product.data, variant)}
              alt={product.data.name}
            />
            <div>
              <div className="flex flex-wrap items-center gap-2">
                {product.data.category ? (
                  <span className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-600">
                    {product.data.category.category}
                  </span>
                ) : null}
                {product.data.isProductNew ? (
                  <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-brand-700">
                    {t('card.new')}
                  </span>
                ) : null}
              </div>
              {product.data.brand ? (
                <Link
                  to={`/shop?brand=${encodeURIComponent(product.data.brand)}`}
                  className="mt-2 inline-block text-sm font-semibold text-stone-600 hover:text-brand-700"
                >
                  {product.data.brand}
                </Link>
              ) : null}
              <h1 className="mt-1 break-words font-display text-2xl font-bold leading-tight text-brand-900 sm:mt-2 sm:text-4xl">
                {product.data.name}
              </h1>
              <Rating
                rating={product.data.rating}
                reviewCount={product.data.reviewCount}
                className="mt-2 sm:mt-3"
              />
              <div className="mt-3 flex flex-wrap items-baseline gap-x-4 gap-y-1" aria-live="polite">
                <PriceTag
                  price={variant ? variant.price : product.data.price}
                  compareAtPrice={variant ? variant.compareAtPrice : product.data.compareAtPrice}
                  size="large"
                />
                {product.data.expiresOn ? (
                  <p
                    className={`text-sm font-medium ${isExpired(product.data.expiresOn) ? 'text-red-700' : 'text-stone-600'}`}
                  >
                    {t(isExpired(product.data.expiresOn) ? 'product.expired' : 'product.bestBefore', {
                      date: bestBeforeLabel(product.data.expiresOn),
                    })}
                  </p>
                ) : null}
              </div>
              {product.data.status === 'active' ? (
                <div className="mt-3" role="status">
                  <StockBadge product={variant ?? product.data} size="large" />
                </div>
              ) : null}
              {product.data.status === 'active' && product.data.variants.length > 0 ? (
                <div className="mt-5">
                  <VariantPicker product={product.data} chosen={variant?.options ?? {}} onChoose={choose} />
                </div>
              ) : null}
              {product.data.status !== 'active' ? (
                <p
                  role="status"
                  className="mt-4 rounded-xl bg-stone-100 px-4 py-3 font-medium text-stone-700"
                >
                  {t('product.unavailable')}
                </p>
              ) : null}
              {product.data.status === 'active' && actions ? (
                <div className="mt-4 sm:mt-6" data-testid="product-actions">
                  {actions(product.data, 'page', variant)}
                  {(variant ? variant.inStock : product.data.inStock) ? (
                    <OrderOnWhatsApp
                      className="mt-3 w-full sm:w-auto"
                      lines={[
                        {
                          name: product.data.name,
                          options: variant?.options ?? null,
                          count: 1,
                          price: variant ? variant.price : product.data.price,
                        },
                      ]}
                      total={variant ? variant.price : product.data.price}
                    />
                  ) : null}
                </div>
              ) : null}
              {product.data.description ? (
                <section className="mt-8">
                  <h2 className="text-sm font-semibold uppercase tracking-wider text-stone-500">
                    {t('product.description')}
                  </h2>
                  <p className="mt-2 whitespace-pre-line leading-relaxed text-stone-700">
                    {product.data.description}
                  </p>
                </section>
              ) : null}
              {product.data.usage ? (
                <section className="mt-6">
                  <h2 className="text-sm font-semibold uppercase tracking-wider text-stone-500">
                    {t('product.usage')}
                  </h2>
                  <p className="mt-2 whitespace-pre-line leading-relaxed text-stone-700">
                    {product.data.usage}
                  </p>
                </section>
              ) : null}
              <WhatsInside product={product.data} />
              <ul className="mt-8 grid gap-3 rounded-2xl bg-white p-4 text-sm text-stone-700 ring-1 ring-stone-200/70 sm:grid-cols-3">
                <li className="flex items-center gap-2">
                  <TruckIcon width={20} height={20} className="shrink-0 text-brand-600" />
                  {t('product.delivery')}
                </li>
                <li className="flex items-center gap-2">
                  <PhonePayIcon width={20} height={20} className="shrink-0 text-brand-600" />
                  {t('product.mpesa')}
                </li>
                <li className="flex items-center gap-2">
                  <ReturnIcon width={20} height={20} className="shrink-0 text-brand-600" />
                  <Link to="/returns" className="hover:text-brand-700 hover:underline">
                    {t('product.returns')}
                  </Link>
                </li>
              </ul>
              {product.data.tags.length > 0 ? (
                <ul className="mt-6 flex flex-wrap gap-2" aria-label={t('product.tags')}>
                  {product.data.tags.map((tag) => (
                    <li key={tag}>
                      <Link
                        to={`/search?search=${encodeURIComponent(tag)}`}
                        className="inline-block rounded-full bg-white px-3 py-1 text-sm text-stone-600 ring-1 ring-stone-200 hover:text-brand-700"
                      >
                        #{tag}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </article>
          {reviews ? reviews(product.data) : null}
          <Related product={product.data} />
        </>
      )}
    </div>
  );
}
