import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const addressRoutes = /* @__PURE__ */ defineRoutes({
  listAddresses: ['GET', '/address/user/:userId'],
  createAddress: ['POST', '/address'],
  updateAddress: ['PUT', '/address/:id'],
  deleteAddress: ['DELETE', '/address/:id'],
});
