import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const discountRoutes = /* @__PURE__ */ defineRoutes({
  listDiscounts: ['GET', '/discounts'],
  createDiscount: ['POST', '/discounts'],
  updateDiscount: ['PUT', '/discounts/:id'],
  deleteDiscount: ['DELETE', '/discounts/:id'],
});
