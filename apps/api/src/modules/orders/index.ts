// Orders: placing, pricing, statuses, the unpaid-order sweep, order SMS, and the one rule that settles an order.
export * as ordersRoutes from './routes';
export { OrderService, type AdminPaymentEvidence } from './service';
export type { OrderRow } from './repository';
export { OrderMessenger } from './messages';
export { startUnpaidOrderSweep } from './unpaid-sweep';
export { paymentDestination } from './payment-destination';
export { normalizeReference } from './reference';
export { countAwaitingOrders } from './repository';
export { hasPaidOrderWithProduct, orderOwnerId, productIdsOfOrder } from './purchases';
export {
  assertStillCoveredWithout,
  completedTotal,
  creditCheck,
  refundCompleted,
  settleOrder,
} from './settlement';
