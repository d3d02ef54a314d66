import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const auditRoutes = /* @__PURE__ */ defineRoutes({
  listAudit: ['GET', '/admin/audit'],
});
