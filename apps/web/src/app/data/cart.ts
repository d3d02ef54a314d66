/** The cart's keys (features/cart), for the checkout to refresh it after an order; the visitor's cart merge. */
export { cartKeys, mergeGuestCart } from '../../features/cart/api';
