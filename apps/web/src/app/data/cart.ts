/** The cart's keys (features/cart), for the checkout to refresh it after an order. */
export { cartKeys } from '../../features/cart/api';
