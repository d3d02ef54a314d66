import { defineRoutes } from '../http';

/* The Pull Transactions sweep's admin endpoints (what each takes and answers: endpoints/payment-pull.ts). */

export const paymentPullRoutes = /* @__PURE__ */ defineRoutes({
  getPullSweep: ['GET', '/payment/pull'],
  runPullSweep: ['POST', '/payment/pull'],
});
