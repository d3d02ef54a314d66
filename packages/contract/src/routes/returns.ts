import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const returnRoutes = /* @__PURE__ */ defineRoutes({
  createReturn: ['POST', '/order/:id/returns'],
  listOrderReturns: ['GET', '/order/:id/returns'],
  listReturns: ['GET', '/returns'],
  updateReturn: ['PUT', '/returns/:id'],
});
