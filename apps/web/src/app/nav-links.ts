import type { User } from '@urembo/contract/users';

export interface NavLink {
  to: string;
  label: string;
}

/** The admin panel's first page: the owner's dashboard. */
export function adminHome(user: User): string {
  return `/admin/${user._id}/dashboard`;
}

/** Header links: Shop, Cart, Orders, Admin (admins only), Profile (signed in). */
export function headerLinks(user: User | null | undefined): NavLink[] {
  const links: NavLink[] = [
    { to: '/shop', label: 'Shop' },
    { to: '/cart', label: 'Cart' },
    { to: '/orders/all', label: 'Orders' },
  ];
  if (user?.role === 'admin') links.push({ to: adminHome(user), label: 'Admin' });
  if (user) links.push({ to: '/profile', label: 'Profile' });
  return links;
}
