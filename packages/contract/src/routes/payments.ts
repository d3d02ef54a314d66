import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const paymentRoutes = /* @__PURE__ */ defineRoutes({
  startStkPush: ['POST', '/m-pesa/stk/:orderId'],
  resolveStkPush: ['GET', '/m-pesa/resolveTransaction/:id'],
  submitManualPayment: ['POST', '/payment'],
  listOrderPayments: ['GET', '/payment/order/:orderId'],
  receiveStkCallback: ['POST', '/m-pesa/callback/:secret'],
  receiveStkCallbackAlias: ['POST', '/payments/stk-callback/:secret'],
  receiveC2bConfirmation: ['POST', '/payments/c2b/confirmation/:secret'],
  receiveC2bValidation: ['POST', '/payments/c2b/validation/:secret'],
  receiveStatusResult: ['POST', '/payments/status/result/:secret'],
  receiveStatusTimeout: ['POST', '/payments/status/timeout/:secret'],
  listPayments: ['GET', '/payment'],
  updatePayment: ['PUT', '/payment/:id'],
  refundPayment: ['POST', '/payment/:id/refund'],
  receiveReversalResult: ['POST', '/payments/reversal/result/:secret'],
  receiveReversalTimeout: ['POST', '/payments/reversal/timeout/:secret'],
  getReconciliation: ['GET', '/payment/reconciliation'],
  searchPaymentOrders: ['GET', '/payment/order-search'],
  getC2bRegistration: ['GET', '/payment/c2b/registration'],
  registerC2bUrls: ['POST', '/payment/c2b/registration'],
});
