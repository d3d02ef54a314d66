import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const cartRoutes = /* @__PURE__ */ defineRoutes({
  addToCart: ['POST', '/user/addToCart/:userId'],
  getCart: ['GET', '/user/getCart/:userId'],
  removeFromCart: ['DELETE', '/user/removeFromCart/:userId'],
  clearCart: ['DELETE', '/user/clearCart/:userId'],
});
