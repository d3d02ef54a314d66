/** The cart links' accessible name: "Cart", "Cart, 1 item", "Cart, 3 items". */
export function cartLabel(count: number): string {
  return count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
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
