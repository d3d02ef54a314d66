import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const reviewRoutes = /* @__PURE__ */ defineRoutes({
  listProductReviews: ['GET', '/review/product/:productId'],
  listOrderReviews: ['GET', '/review/order/:orderId'],
  createReview: ['POST', '/review'],
  updateReview: ['PUT', '/review/:id'],
  listReviews: ['GET', '/review'],
  deleteReview: ['DELETE', '/review/:id'],
});
