import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const userRoutes = /* @__PURE__ */ defineRoutes({
  listUsers: ['GET', '/user'],
  updateMe: ['PUT', '/user/me'],
  exportMe: ['GET', '/user/me/export'],
  deleteMe: ['DELETE', '/user/me'],
});
