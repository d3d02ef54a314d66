import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAuthUser } from '../features/auth/api';
import { CartLink } from '../features/cart/components/cart-count-badge';
import { useT } from '../i18n/i18n';
import { BagIcon, CartIcon, HomeIcon, PackageIcon, UserIcon } from '../components/icons';

const tabClass = (isActive: boolean) =>
  `flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium ${
    isActive ? 'text-brand-700' : 'text-stone-600'
  }`;

/** The phone's tab bar: the shop's main places one thumb away. */
export function BottomBar() {
  const t = useT();
  const { data: user } = useAuthUser();
  const items = [
    { to: '/', label: t('nav.home'), icon: HomeIcon },
    { to: '/shop', label: t('nav.shop'), icon: BagIcon },
    { to: '/cart', label: t('nav.cart'), icon: CartIcon },
    { to: '/orders/all', label: t('nav.orders'), icon: PackageIcon },
    user
      ? { to: '/profile', label: t('nav.profile'), icon: UserIcon }
      : { to: '/signin', label: t('nav.signIn'), icon: UserIcon },
  ];
  return (
    <nav
      aria-label={t('nav.bottom')}
      data-tab-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {items.map(({ to, label, icon: Icon }) => {
          const icon = (badge: ReactNode) => (
            <>
              <span className="relative">
                <Icon width={22} height={22} />
                {badge}
              </span>
              {label}
            </>
          );
          return (
            <li key={to}>
              {to === '/cart' ? (
                <CartLink className={tabClass} badgeClassName="-right-2.5 -top-1.5">
                  {icon}
                </CartLink>
              ) : (
                <Link to={to} className={tabClass}>
                  {icon(null)}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
