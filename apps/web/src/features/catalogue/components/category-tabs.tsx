import type { Category } from '@urembo/contract/catalogue';
import { Link } from 'wouter';
import { useT } from '../../../i18n/i18n';

/** "All" plus one tab per category; each is a link (/shop?category=id), so the choice lives in the URL. */
export function CategoryTabs({
  categories,
  selected,
  isLoading,
}: {
  categories: Category[] | undefined;
  selected: string | null;
  isLoading: boolean;
}) {
  const t = useT();
  const tabs = [
    { id: null as string | null, label: t('shop.all') },
    ...(categories ?? []).map((c) => ({ id: c._id, label: c.category })),
  ];
  return (
    <nav aria-label={t('nav.categories')} className="-mx-4 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
      <ul className="flex w-max gap-2">
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <li key={tab.id ?? 'all'}>
              <Link
                to={tab.id ? `/shop?category=${encodeURIComponent(tab.id)}` : '/shop'}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex h-10 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold transition-colors ${
                  active
                    ? 'bg-brand-700 text-white shadow-sm'
                    : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-brand-50 hover:text-brand-700'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
        {isLoading
          ? Array.from({ length: 5 }, (_, i) => (
              <li
                key={`skeleton-${i}`}
                aria-hidden="true"
                className="h-10 w-24 animate-pulse rounded-full bg-stone-100"
              />
            ))
          : null}
      </ul>
    </nav>
  );
}
