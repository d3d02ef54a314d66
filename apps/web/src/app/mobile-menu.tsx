import { Link } from 'wouter';
import { useAuthUser, useLogout } from '../features/auth/api';
import {
  BagIcon,
  CartIcon,
  HomeIcon,
  LogoutIcon,
  PackageIcon,
  ShieldIcon,
  UserIcon,
} from '../components/icons';
import { Modal } from '../components/modal';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from '../i18n/language-switch';
import { useCategories } from './data/catalogue';
import { adminHome } from './nav-links';

/**
 * The shop's categories, each a link to its shelf. Rendered only while the menu is open, so the list is asked for
 * when someone opens it, not on every page.
 */
function MenuCategories({ onClose }: { onClose: () => void }) {
  const t = useT();
  const categories = useCategories();
  if (!categories.data || categories.data.length === 0) return null;
  return (
    <div className="mt-6 border-t border-stone-100 pt-5">
      <h3 id="menu-categories" className="px-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
        {t('nav.categories')}
      </h3>
      <ul aria-labelledby="menu-categories" className="-mx-2 mt-2 grid grid-cols-2 gap-1">
        {categories.data.map((c) => (
          <li key={c._id}>
            <Link
              to={`/shop?category=${encodeURIComponent(c._id)}`}
              onClick={onClose}
              className="block rounded-xl px-3 py-2.5 text-sm font-medium text-stone-700 hover:bg-stone-50"
            >
              {c.category}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Mobile menu: Home, Shop, Cart, Orders, Profile, Admin panel, the shop's categories, the language, and Logout or
 * Sign-up / Sign-in.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { data: user } = useAuthUser();
  const logout = useLogout();
  const items = [
    { to: '/', label: t('nav.home'), icon: HomeIcon },
    { to: '/shop', label: t('nav.shop'), icon: BagIcon },
    { to: '/cart', label: t('nav.cart'), icon: CartIcon },
    { to: '/orders/all', label: t('nav.orders'), icon: PackageIcon },
    ...(user ? [{ to: '/profile', label: t('nav.profile'), icon: UserIcon }] : []),
    ...(user?.role === 'admin'
      ? [{ to: adminHome(user), label: t('nav.adminPanel'), icon: ShieldIcon }]
      : []),
  ];
  return (
    <Modal open={open} onClose={onClose} title={t('shell.menu')} placement="left">
      <nav aria-label={t('nav.mobile')}>
        <ul className="-mx-2 space-y-1">
          {items.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={onClose}
                className={(isActive: boolean) =>
                  `flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium ${
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:bg-stone-50'
                  }`
                }
              >
                <Icon />
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <MenuCategories onClose={onClose} />
        <div className="mt-6 border-t border-stone-100 pt-6">
          {user ? (
            <button
              type="button"
              className="btn-outline w-full"
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: onClose })}
            >
              <LogoutIcon width={18} height={18} />
              {t('nav.logout')}
            </button>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <Link to="/signup" onClick={onClose} className="btn-outline">
                {t('nav.signUp')}
              </Link>
              <Link to="/signin" onClick={onClose} className="btn-primary">
                {t('nav.signIn')}
              </Link>
            </div>
          )}
        </div>
        <div className="mt-6 flex items-center gap-3 border-t border-stone-100 pt-6 text-sm text-stone-700">
          <span className="font-semibold">{t('lang.label')}</span>
          <LanguageSwitch linkClassName="inline-flex min-h-10 items-center px-2" />
        </div>
      </nav>
    </Modal>
  );
}
