import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT, type Translator } from '../../../i18n/i18n';
import { useCartCount } from '../api';

/** The cart links' accessible name: "Cart", "Cart, 1 item", "Cart, 3 items". */
export function cartLabel(t: Translator, count: number): string {
  return count === 0 ? t('nav.cart') : t.n('nav.cartItems', count);
}

/**
 * The count over a cart icon; nothing when the cart is empty or the visitor is signed out. Hidden from screen
 * readers: the link's name (cartLabel) already says it.
 */
export function CartCountBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="cart-count"
      className={`pointer-events-none absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-500 px-1 text-[11px] font-bold text-ink ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * A link to the cart whose name and badge say how many items it holds. It reads the cart itself, so a change of the
 * cart (and the visitor's cart read from this browser just after hydration) re-renders this link alone, not the
 * header or tab bar around it. `children` places the badge.
 */
export function CartLink({
  className,
  badgeClassName,
  children,
}: {
  className: string | ((isActive: boolean) => string);
  badgeClassName?: string;
  children: (badge: ReactNode) => ReactNode;
}) {
  const t = useT();
  const count = useCartCount();
  return (
    <Link to="/cart" aria-label={cartLabel(t, count)} className={className}>
      {children(<CartCountBadge count={count} className={badgeClassName} />)}
    </Link>
  );
}
