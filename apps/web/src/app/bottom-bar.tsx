import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAuthUser } from '../features/auth/api';
import { CartLink } from '../features/cart/components/cart-count-badge';
import { BagIcon, CartIcon, HomeIcon, PackageIcon, UserIcon } from '../components/icons';

const tabClass = (isActive: boolean) =>
  `flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium ${
    isActive ? 'text-brand-700' : 'text-stone-500'
  }`;

/** The phone's tab bar: the shop's main places one thumb away. */
export function BottomBar() {
  const { data: user } = useAuthUser();
  const items = [
    { to: '/', label: 'Home', icon: HomeIcon },
    { to: '/shop', label: 'Shop', icon: BagIcon },
    { to: '/cart', label: 'Cart', icon: CartIcon },
    { to: '/orders/all', label: 'Orders', icon: PackageIcon },
    user
      ? { to: '/profile', label: 'Profile', icon: UserIcon }
      : { to: '/signin', label: 'Sign-in', icon: UserIcon },
  ];
  return (
    <nav
      aria-label="Bottom"
      data-tab-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
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
            <li key={label}>
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
