/** An order (features/orders): the order page's query, for the review page and the M-Pesa form. */
export { orderKeys, useOrder } from '../../features/orders/api';
