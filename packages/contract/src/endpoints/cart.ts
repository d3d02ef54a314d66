import { pathParams } from '../common';
import { defineEndpoints } from '../endpoint';
import { addToCartBodySchema, cartSchema, removeFromCartBodySchema } from '../orders';
import { cartRoutes } from '../routes/cart';

const OWNER = "`userId` is the caller's own id (another account's → 403, admins included).";

export const cartEndpoints = defineEndpoints(cartRoutes, {
  addToCart: {
    summary: 'Add a product to the cart (one more of it by default)',
    description:
      `${OWNER} An unknown product → 404, an inactive one → 400; beyond the stock → 409 saying how many are ` +
      'left. Answers the whole cart.',
    access: 'customer',
    params: pathParams('userId'),
    body: addToCartBodySchema,
    responses: { 200: cartSchema },
    errors: [403, 404, 409],
  },
  getCart: {
    summary: "The caller's cart: its lines and the subtotal",
    description: OWNER,
    access: 'customer',
    params: pathParams('userId'),
    responses: { 200: cartSchema },
    errors: [403],
  },
  removeFromCart: {
    summary: 'Take one of a product out of the cart, or its whole line with `all: true`',
    description: `${OWNER} A product not in the cart → 404. Answers the whole cart.`,
    access: 'customer',
    params: pathParams('userId'),
    body: removeFromCartBodySchema,
    responses: { 200: cartSchema },
    errors: [403, 404],
  },
  clearCart: {
    summary: 'Empty the cart',
    description: OWNER,
    access: 'customer',
    params: pathParams('userId'),
    responses: { 200: cartSchema },
    errors: [403],
  },
});
