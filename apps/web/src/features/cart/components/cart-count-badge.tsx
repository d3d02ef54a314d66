import { useCartCount } from '../api';

/** A small count over the header's cart icon; nothing when the cart is empty or the visitor is signed out. */
export function CartCountBadge({ className = '' }: { className?: string }) {
  const count = useCartCount();
  if (count === 0) return null;
  return (
    <span
      className={`pointer-events-none absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-500 px-1 text-[11px] font-bold text-ink ${className}`}
      aria-label={`${count} ${count === 1 ? 'item' : 'items'} in your cart`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
