import { isExpired } from '@urembo/contract/product-facts';
import type { Product, Variant } from '@urembo/contract/catalogue';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import { CartIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api-client';
import { authHref } from '../../../lib/next-path';
import { saveCheckoutData } from '../../../lib/checkout-data';
import { useAuthUser } from '../../../app/data/session';
import { useAddToCart } from '../api';
import { isShadeOption } from '@urembo/contract/variants';
import { t as pageT, useT } from '../../../i18n/i18n';

/**
 * "Add to cart" and "Buy now" for a product (product page and cards). A visitor's cart is kept in this browser and
 * joins her account's at sign-in. Buy now skips the cart: the product alone, count 1, becomes the checkout's items;
 * a visitor goes through sign-in straight to the checkout.
 */
export function AddToCartButtons({
  product,
  variant = null,
  className = '',
  compact = false,
}: {
  product: Pick<Product, '_id' | 'name' | 'slug' | 'price' | 'images' | 'status' | 'inStock' | 'options'> & {
    variants: Pick<Variant, '_id'>[];
    expiresOn?: string | null;
  };
  /** The variant chosen; a product with variants is bought in one. */
  variant?: Pick<Variant, '_id' | 'price' | 'inStock' | 'image' | 'options'> | null;
  className?: string;
  /** Smaller buttons for product cards. */
  compact?: boolean;
}) {
  const t = useT();
  // Until the session check answers, a tap would wrongly be told to sign in.
  const { data: user, isPending: authPending } = useAuthUser();
  const addToCart = useAddToCart();
  const [, navigate] = useLocation();
  const available = product.status === 'active';
  const needsChoice = product.variants.length > 0;
  // Out of stock: the buttons stay in place (the layout does not jump) but cannot be used.
  const soldOut = needsChoice ? !variant?.inStock : !product.inStock;
  const size = compact ? 'gap-1.5 px-2.5 py-2 text-xs' : '';

  function add() {
    // While a request runs the button stays focusable (a disabled one drops keyboard focus to the page) but ignores taps.
    if (addToCart.isPending) return;
    addToCart.mutate(
      { productId: product._id, count: 1, ...(variant ? { variantId: variant._id } : {}) },
      {
        onSuccess: () => toast.success(pageT('buy.added')),
        onError: (error) => toast.error(errorMessage(error, pageT('buy.addFailed'))),
      },
    );
  }

  function buyNow() {
    saveCheckoutData([
      {
        _id: product._id,
        name: product.name,
        price: variant ? variant.price : product.price,
        count: 1,
        images: variant?.image ? [variant.image] : product.images,
        ...(variant ? { variant: variant._id, options: variant.options } : {}),
      },
    ]);
    navigate(user ? '/checkout' : authHref('/signin', '/checkout'));
  }

  if (available && isExpired(product.expiresOn)) {
    return <p className={`text-sm font-medium text-red-700 ${className}`}>{t('buy.expired')}</p>;
  }
  if (!available) {
    return <p className={`text-sm font-medium text-stone-500 ${className}`}>{t('buy.unavailable')}</p>;
  }
  if (needsChoice && !variant) {
    // A card cannot choose a shade: it leads to the product's page, where the picker is.
    const name = product.options[0]?.name ?? 'option';
    const option = isShadeOption(name) ? t('option.shade') : name.toLowerCase();
    return (
      <Link
        to={`/product/${product.slug}`}
        className={`btn-outline ${size} ${className}`}
        aria-label={t('buy.chooseOf', { option, name: product.name })}
      >
        {t('buy.choose', { option })}
      </Link>
    );
  }
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <button
        type="button"
        className={`btn-outline ${size}`}
        onClick={add}
        disabled={soldOut || authPending}
        aria-disabled={addToCart.isPending || undefined}
        title={soldOut ? t('stock.out') : undefined}
        aria-busy={addToCart.isPending}
      >
        <CartIcon width={18} height={18} />
        {t('buy.add')}
      </button>
      <button
        type="button"
        className={`btn-primary ${size}`}
        onClick={buyNow}
        disabled={soldOut || authPending}
        title={soldOut ? t('stock.out') : undefined}
      >
        {t('buy.now')}
      </button>
    </div>
  );
}
