import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const publicConfigRoutes = /* @__PURE__ */ defineRoutes({
  getPublicConfig: ['GET', '/config/public'],
});
