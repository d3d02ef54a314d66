/*
 * Order statuses, their labels, the allowed transitions and the order limits: plain constants with no zod, so the
 * storefront's screens can use them without downloading the schema library. orders.ts builds its schemas on these.
 */

export const PAYMENT_STATUSES = ['pending', 'paid', 'payment-unsuccessful', 'refunded'] as const;
export const DELIVERY_STATUSES = ['pending', 'in-transit', 'delivered', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How statuses read on screen ("payment-unsuccessful" → "Payment Unsuccessful"). */
export const STATUS_LABELS: Record<PaymentStatus | DeliveryStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  'payment-unsuccessful': 'Payment Unsuccessful',
  refunded: 'Refunded',
  'in-transit': 'In Transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * The customer's order tabs (/orders/{slug}), by what the orders wait for, and the query each one sends to
 * GET /order/user/{userId}. "All" sends none.
 */
export const ORDER_TABS = [
  { slug: 'to-pay', label: 'To pay', query: { awaiting: 'payment' } },
  { slug: 'to-deliver', label: 'To deliver', query: { awaiting: 'delivery' } },
  { slug: 'delivered', label: 'Delivered', query: { status: 'delivered' } },
  { slug: 'cancelled', label: 'Cancelled', query: { status: 'cancelled' } },
  { slug: 'all', label: 'All', query: {} },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export type OrderTabSlug = OrderTab['slug'];

/** Where the former status pages (/orders/pending...) now lead. */
export const FORMER_ORDER_PAGES: Record<string, OrderTabSlug> = {
  pending: 'to-pay',
  'payment-unsuccessful': 'to-pay',
  paid: 'to-deliver',
  'in-transit': 'to-deliver',
};

/** Every status a customer's order list may be filtered by (paymentStatus OR deliveryStatus equals it). */
export const ORDER_STATUS_FILTERS = [
  'pending',
  'paid',
  'payment-unsuccessful',
  'in-transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** The most of one product a cart line or an order line may hold. */
export const MAX_LINE_COUNT = 99;
/** The most distinct products one order may hold. */
export const MAX_ORDER_LINES = 50;
/**
 * The most one order's items may cost. With prices up to Ksh 10,000,000, counts up to 99 and 50 lines an order
 * could reach about Ksh 49.5 billion; every money column stays well inside 32-bit integers (delivery fees are at
 * most Ksh 100,000) and an order beyond this is refused with a 400 that names the limit.
 */
export const MAX_ORDER_SUBTOTAL = 1_000_000_000;
export const ORDER_TOO_LARGE_MESSAGE =
  'An order can cost at most Ksh 1,000,000,000: please split it into smaller orders';

/**
 * The order state machine (docs/api-additions-orders.md). What an admin may change a status to, from each status.
 * Setting a status to its current value is not a change. The server's one transition function enforces these and
 * the admin screen offers only these.
 */
export const ADMIN_PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'payment-unsuccessful'],
  'payment-unsuccessful': ['pending', 'paid'],
  // Undoing a mistaken "paid" (the payments list keeps the evidence either way).
  paid: ['pending'],
  // Every shilling went back (payments ledger): nothing to change by hand.
  refunded: [],
};
export const ADMIN_DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  pending: ['in-transit', 'delivered', 'cancelled'],
  'in-transit': ['pending', 'delivered', 'cancelled'],
  // Undoing a mistaken "delivered"; a delivered order is never cancelled.
  delivered: ['in-transit'],
  // Nothing leaves "cancelled" except an admin reopening the order.
  cancelled: ['pending'],
};

/** Whether the customer may still cancel the order themselves: unpaid and not yet on its way. */
export function customerCanCancel(order: {
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
}): boolean {
  return order.paymentStatus !== 'paid' && order.deliveryStatus === 'pending';
}

/** The header that makes order creation safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** GET /orderItem/ (admin) page size: lines are many and small. */
export const ORDER_ITEMS_PAGE_SIZE = 50;
