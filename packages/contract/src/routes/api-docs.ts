import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const apiDocsRoutes = /* @__PURE__ */ defineRoutes({
  getOpenApiDocument: ['GET', '/openapi.json'],
  getApiReference: ['GET', '/docs'],
});
