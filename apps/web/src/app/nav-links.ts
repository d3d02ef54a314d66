import type { User } from '@urembo/contract/users';
import type { Translator } from '../i18n/i18n';

export interface NavLink {
  to: string;
  label: string;
}

/** The admin panel's first page: the owner's dashboard. */
export function adminHome(user: User): string {
  return `/admin/${user._id}/dashboard`;
}

/** Header links: Shop, Cart, Orders, Admin (admins only), Profile (signed in). */
export function headerLinks(user: User | null | undefined, t: Translator): NavLink[] {
  const links: NavLink[] = [
    { to: '/shop', label: t('nav.shop') },
    { to: '/cart', label: t('nav.cart') },
    { to: '/orders/all', label: t('nav.orders') },
  ];
  if (user?.role === 'admin') links.push({ to: adminHome(user), label: t('nav.admin') });
  if (user) links.push({ to: '/profile', label: t('nav.profile') });
  return links;
}
