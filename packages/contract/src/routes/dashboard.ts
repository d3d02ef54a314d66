import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const dashboardRoutes = /* @__PURE__ */ defineRoutes({
  getAdminSummary: ['GET', '/admin/summary'],
});
