import { Link } from 'wouter';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useHomeDocumentTitle } from '../../../lib/use-document-title';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { useCategories, useFeaturedProducts } from '../api';
import { HeroArt } from '../components/hero-art';
import { ArrowRightIcon, HeadsetIcon, PhonePayIcon, ReturnIcon, TruckIcon } from '../components/icons';
import { ProductGrid } from '../components/product-grid';
import { parsePage, scrollToList, useQueryState } from '../use-page-param';

const SERVICES: Array<{ icon: typeof TruckIcon; title: MessageKey; text: MessageKey }> = [
  { icon: TruckIcon, title: 'home.ship', text: 'home.shipText' },
  { icon: ReturnIcon, title: 'home.returns', text: 'home.returnsText' },
  { icon: HeadsetIcon, title: 'home.help', text: 'home.helpText' },
  { icon: PhonePayIcon, title: 'home.pay', text: 'home.payText' },
];

/** Links to the shop with one category selected, found by name once the categories have loaded. */
function useCategoryLink(name: string): string {
  const { data } = useCategories();
  const category = data?.find((c) => c.category.toLowerCase() === name.toLowerCase());
  return category ? `/shop?category=${encodeURIComponent(category._id)}` : '/shop';
}

function PromoTiles() {
  const t = useT();
  const skinCare = useCategoryLink('Skin Care');
  const makeUp = useCategoryLink('Make-up');
  const tiles = [
    {
      to: skinCare,
      eyebrow: t('home.skin'),
      title: t('home.skinTitle'),
      text: t('home.skinText'),
      cta: t('home.skinCta'),
      tone: 'from-[#fdeee4] to-[#f3c1a5]',
      art: (
        <svg viewBox="0 0 120 160" className="h-32 w-24 shrink-0 sm:h-40 sm:w-28" aria-hidden="true">
          <rect x="28" y="58" width="64" height="96" rx="16" fill="#e9a86f" />
          <rect x="46" y="40" width="28" height="22" rx="4" fill="#cfa14a" />
          <rect x="51" y="6" width="18" height="38" rx="9" fill="#2b1a21" />
          <rect x="38" y="86" width="44" height="44" rx="6" fill="#fffaf5" />
          <rect x="46" y="100" width="28" height="4" rx="2" fill="#8a2c4f" />
          <rect x="34" y="66" width="6" height="78" rx="3" fill="#fff" opacity="0.35" />
        </svg>
      ),
    },
    {
      to: makeUp,
      eyebrow: t('home.makeUp'),
      title: t('home.makeUpTitle'),
      text: t('home.makeUpText'),
      cta: t('home.makeUpCta'),
      tone: 'from-[#fde7ee] to-[#eaa6be]',
      art: (
        <svg viewBox="0 0 120 160" className="h-32 w-24 shrink-0 sm:h-40 sm:w-28" aria-hidden="true">
          <rect x="40" y="90" width="40" height="66" rx="6" fill="#2b1a21" />
          <rect x="45" y="64" width="30" height="30" rx="3" fill="#cfa14a" />
          <path d="M48 66 Q48 28 72 14 L72 66 Z" fill="#b3202e" />
          <rect x="44" y="96" width="5" height="54" rx="2.5" fill="#fff" opacity="0.25" />
        </svg>
      ),
    },
  ];
  return (
    <section aria-label={t('home.byCategory')} className="grid gap-4 md:grid-cols-2">
      {tiles.map((tile) => (
        <Link
          key={tile.eyebrow}
          to={tile.to}
          className={`group flex items-center justify-between gap-4 overflow-hidden rounded-3xl bg-gradient-to-br ${tile.tone} p-6 shadow-sm ring-1 ring-black/5 transition-shadow hover:shadow-md sm:p-8`}
        >
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-800/80">
              {tile.eyebrow}
            </p>
            <h2 className="mt-2 font-display text-2xl font-semibold text-ink sm:text-3xl">{tile.title}</h2>
            <p className="mt-2 max-w-xs text-sm text-stone-700">{tile.text}</p>
            <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800">
              {tile.cta}
              <ArrowRightIcon
                width={16}
                height={16}
                className="transition-transform group-hover:translate-x-1"
              />
            </span>
          </div>
          {tile.art}
        </Link>
      ))}
    </section>
  );
}

/** Home: hero, the featured grid (10 a page), promo tiles and service highlights. */
export default function HomePage() {
  const t = useT();
  useHomeDocumentTitle();
  const [params, setParams] = useQueryState();
  const page = parsePage(params.get('page'));
  const featured = useFeaturedProducts(page);

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 pb-4 pt-4 sm:space-y-16 sm:pt-8">
      {/* On a phone the banner is its words alone, so the first products show on the first screen. */}
      <section className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-100 via-brand-50 to-[#fdeee4] px-5 py-5 ring-1 ring-brand-100 sm:px-12 sm:py-12">
        <div className="grid items-center gap-6 md:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brand-600">
              {t('home.hello')}
            </p>
            <h1 className="mt-2 font-display text-3xl font-bold leading-[1.08] text-brand-900 sm:text-5xl lg:text-6xl">
              {t('home.title')}
            </h1>
            <p className="mt-2 max-w-md text-sm text-stone-700 sm:mt-4 sm:text-lg">{t('home.intro')}</p>
            <div className="mt-4 flex flex-wrap gap-3 sm:mt-6">
              <Link to="/shop" className="btn-primary px-6 py-2.5 text-base sm:py-3">
                {t('home.shopNow')}
              </Link>
              <a href="#featured" className="btn-outline px-6 py-2.5 text-base sm:py-3">
                {t('home.best')}
              </a>
            </div>
          </div>
          <HeroArt className="mx-auto hidden w-full sm:block sm:max-w-sm md:max-w-md" />
        </div>
      </section>

      <section id="featured" aria-labelledby="featured-title">
        <div className="mb-3 flex items-end justify-between gap-4 sm:mb-5">
          <div>
            <h2
              id="featured-title"
              className="font-display text-2xl font-semibold text-brand-900 sm:text-3xl"
            >
              {t('home.featured')}
            </h2>
            <p className="mt-1 text-sm text-stone-600 sm:text-base">{t('home.featuredIntro')}</p>
          </div>
          <Link
            to="/shop"
            className="hidden shrink-0 text-sm font-semibold text-brand-700 hover:underline sm:block"
          >
            {t('home.viewAll')}
          </Link>
        </div>
        {featured.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
            {t('list.error', { message: errorMessage(featured.error, t('list.failed')) })}
          </p>
        ) : (
          <>
            <ProductGrid
              products={featured.data?.data}
              isLoading={featured.isPending}
              variant="featured"
              label={t('home.featuredLabel')}
              dimmed={featured.isPlaceholderData}
            />
            <Pager
              className="mt-8"
              page={page}
              totalPages={featured.data?.totalPages ?? 0}
              onPage={(next) => {
                setParams({ page: next });
                scrollToList('featured');
              }}
            />
          </>
        )}
      </section>

      <PromoTiles />

      <section aria-label={t('home.why')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {SERVICES.map(({ icon: Icon, title, text }) => (
          <div
            key={title}
            className="card flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:p-5"
          >
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon />
            </span>
            <div>
              <h3 className="font-semibold text-ink">{t(title)}</h3>
              <p className="text-sm text-stone-600">{t(text)}</p>
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
