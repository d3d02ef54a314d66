import { isExpired } from '@urembo/contract/product-facts';
import type { Product } from '@urembo/contract/catalogue';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { CartIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api-client';
import { saveCheckoutData } from '../../../lib/checkout-data';
import { useAuthUser } from '../../../app/data/session';
import { useAddToCart } from '../api';

export const SIGN_IN_FIRST = 'Please signup or login to your account';

/**
 * "Add to cart" and "Buy now" for a product (product page and cards). Both need a signed-in customer. Buy now
 * skips the cart: the product alone, count 1, becomes the checkout's items.
 */
export function AddToCartButtons({
  product,
  className = '',
  compact = false,
}: {
  product: Pick<Product, '_id' | 'name' | 'price' | 'images' | 'status' | 'inStock'> & {
    expiresOn?: string | null;
  };
  className?: string;
  /** Smaller buttons for product cards. */
  compact?: boolean;
}) {
  // Until the session check answers, a tap would wrongly be told to sign in.
  const { data: user, isPending: authPending } = useAuthUser();
  const addToCart = useAddToCart();
  const [, navigate] = useLocation();
  const available = product.status === 'active';
  // Out of stock: the buttons stay in place (the layout does not jump) but cannot be used.
  const soldOut = !product.inStock;
  const size = compact ? 'px-3 py-2 text-xs' : '';

  function add() {
    if (!user) {
      toast.error(SIGN_IN_FIRST);
      return;
    }
    addToCart.mutate(
      { productId: product._id, count: 1 },
      {
        onSuccess: () => toast.success('product added'),
        onError: (error) => toast.error(errorMessage(error, 'Failed to add product')),
      },
    );
  }

  function buyNow() {
    if (!user) {
      toast.error(SIGN_IN_FIRST);
      return;
    }
    saveCheckoutData([
      { _id: product._id, name: product.name, price: product.price, count: 1, images: product.images },
    ]);
    navigate('/checkout');
  }

  if (available && isExpired(product.expiresOn)) {
    return (
      <p className={`text-sm font-medium text-red-700 ${className}`}>
        Past its best-before month: not for sale
      </p>
    );
  }
  if (!available) {
    return (
      <p className={`text-sm font-medium text-stone-500 ${className}`}>
        This product is not available right now
      </p>
    );
  }
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <button
        type="button"
        className={`btn-outline ${size}`}
        onClick={add}
        disabled={soldOut || authPending || addToCart.isPending}
        title={soldOut ? 'Out of stock' : undefined}
        aria-busy={addToCart.isPending}
      >
        <CartIcon width={18} height={18} />
        Add to cart
      </button>
      <button
        type="button"
        className={`btn-primary ${size}`}
        onClick={buyNow}
        disabled={soldOut || authPending}
        title={soldOut ? 'Out of stock' : undefined}
      >
        Buy now
      </button>
    </div>
  );
}
