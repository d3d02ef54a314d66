import type { Product } from '@urembo/contract/catalogue';
import type { ReactNode } from 'react';
import { isExpired } from '@urembo/contract/product-facts';
import { TRUNCATE, truncate } from '@urembo/contract/text';
import { Link } from 'wouter';
import { useProductActions } from './product-actions';
import { ProductImage } from '../../../components/product-image';
import { StockBadge } from './stock-badge';
import { PriceTag } from './price-tag';
import { isShadeOption } from '@urembo/contract/variants';
import { useT, type Translator } from '../../../i18n/i18n';

/**
 * "12 shades" / "2 sizes" ("rangi 12" / "Size: 2"): how many values a product's first option has (a card's hint that
 * it comes in several). The option's name is the shop's own; English makes it plural.
 */
export function optionSummary(t: Translator, product: Pick<Product, 'options'>): string | null {
  const option = product.options.find((o) => isShadeOption(o.name)) ?? product.options[0];
  if (!option || option.values.length < 2) return null;
  const count = option.values.length;
  if (isShadeOption(option.name)) return t('card.shades', { count });
  const name = t.lang === 'en' ? `${option.name.toLowerCase()}s`.replace(/ss$/, 's') : option.name;
  return t('card.options', { count, option: name });
}

/** Grid cells are about a half (phone), a third (tablet) or a fifth (desktop) of the page wide. */
export const GRID_IMAGE_SIZES =
  '(min-width: 1280px) 240px, (min-width: 1024px) 19vw, (min-width: 640px) 31vw, 46vw';

/**
 * One product in a grid (home, shop, search, related): picture, name (up to two lines, so "Matte Lipstick Mocha
 * Nude" and "Matte Lipstick Berry Plum" stay apart), and description and price, truncated to the seed's lengths
 * (the featured grid's are shorter). An inactive product's card is shown but cannot be opened.
 */
export function ProductCard({
  product,
  variant = 'default',
  eager = false,
}: {
  product: Product;
  variant?: 'default' | 'featured';
  eager?: boolean;
}) {
  const descriptionMax = variant === 'featured' ? TRUNCATE.featuredDescription : TRUNCATE.cardDescription;
  const inactive = product.status !== 'active';
  const expired = !inactive && isExpired(product.expiresOn);
  const t = useT();
  const actions = useProductActions();
  const summary = optionSummary(t, product);
  const body = (name: ReactNode) => (
    <>
      <div className="relative aspect-square overflow-hidden bg-brand-50">
        <ProductImage
          url={product.images[0]}
          alt={product.name}
          sizes={GRID_IMAGE_SIZES}
          eager={eager}
          className="h-full w-full transition-transform duration-500 group-hover:scale-[1.04]"
        />
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {inactive ? (
            <span className="rounded-full bg-stone-800/85 px-2.5 py-0.5 text-[11px] font-semibold text-white">
              {t('card.unavailable')}
            </span>
          ) : product.isProductNew ? (
            <span className="rounded-full bg-white/90 px-2.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-brand-700 shadow-sm">
              {t('card.new')}
            </span>
          ) : null}
          {expired ? (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-[11px] font-semibold text-white">
              {t('card.expired')}
            </span>
          ) : inactive ? null : (
            <StockBadge product={product} />
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        {product.brand ? (
          <p className="truncate text-xs font-semibold uppercase tracking-wider text-stone-600">
            {product.brand}
          </p>
        ) : null}
        <h3 className="line-clamp-2 font-semibold leading-snug text-ink" title={product.name}>
          {name}
        </h3>
        <p className="text-sm leading-snug text-stone-500" title={product.description}>
          {truncate(product.description, descriptionMax)}
        </p>
        <div className="mt-auto pt-1">
          {summary ? <p className="text-xs font-medium text-stone-600">{summary}</p> : null}
          <PriceTag
            price={product.price}
            compareAtPrice={product.variants.length > 0 ? null : product.compareAtPrice}
            from={product.priceRange.min < product.priceRange.max}
          />
        </div>
      </div>
    </>
  );
  const frame = 'group card relative flex h-full flex-col overflow-hidden';
  if (inactive) {
    return (
      <article
        aria-disabled="true"
        aria-label={t('card.unavailableName', { name: product.name })}
        className={`${frame} opacity-60`}
      >
        {body(product.name)}
      </article>
    );
  }
  // The product's name is the link, and the link covers the whole card (its ::after): a tap anywhere opens the
  // product, and a screen reader hears a link named as it reads, with the card's words around it (the name a link
  // is given must hold the words it shows, and a card shows many).
  const link = (
    <Link
      to={`/product/${product.slug}`}
      className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-500"
    >
      {product.name}
    </Link>
  );
  return (
    <article className={`${frame} transition-shadow hover:shadow-md focus-within:shadow-md`}>
      {body(link)}
      {/* Above the link's cover, so its buttons take their own taps. */}
      {actions ? <div className="relative px-3 pb-3 sm:px-4 sm:pb-4">{actions(product, 'card')}</div> : null}
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="card flex h-full flex-col overflow-hidden" aria-hidden="true">
      <div className="aspect-square animate-pulse bg-stone-100" />
      <div className="space-y-2 p-3 sm:p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-stone-100" />
        <div className="h-3 w-full animate-pulse rounded bg-stone-100" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-stone-100" />
      </div>
    </div>
  );
}
