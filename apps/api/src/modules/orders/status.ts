import {
  ADMIN_DELIVERY_TRANSITIONS,
  ADMIN_PAYMENT_TRANSITIONS,
  STATUS_LABELS,
  type DeliveryStatus,
  type PaymentStatus,
} from '@urembo/contract/order-status';
import { badRequest, conflict } from '../../lib/http-error';

export interface OrderStatuses {
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
}

export interface StatusChange {
  paymentStatus?: PaymentStatus;
  deliveryStatus?: DeliveryStatus;
}

/**
 * Who asks for the change: an admin (order modal) or the customer (cancelling their own order). Payments never
 * come here: an order becomes paid only through settleOrder (settlement.ts).
 */
export type OrderActor = 'admin' | 'customer';

export const NOT_CHANGED = 'Not changed';

/**
 * The one place that decides every order status change (state changes through one function that
 * checks the allowed transitions). Answers the statuses after the change and whether anything changed; throws a
 * 409 with a plain explanation when the change is not allowed.
 *
 * - admin: ADMIN_PAYMENT_TRANSITIONS / ADMIN_DELIVERY_TRANSITIONS (packages/contract). Payment and delivery are
 *   independent (an admin may deliver an unpaid order, e.g. cash on delivery; the screen advises marking it paid
 *   first), except that a cancelled order only leaves "cancelled" by being reopened to pending.
 * - customer: only cancelling, while the order is unpaid and its delivery has not started.
 */
export function nextOrderStatuses(
  current: OrderStatuses,
  requested: StatusChange,
  actor: OrderActor,
): OrderStatuses & { changed: boolean } {
  const wantsPayment =
    requested.paymentStatus !== undefined && requested.paymentStatus !== current.paymentStatus
      ? requested.paymentStatus
      : undefined;
  const wantsDelivery =
    requested.deliveryStatus !== undefined && requested.deliveryStatus !== current.deliveryStatus
      ? requested.deliveryStatus
      : undefined;

  if (actor === 'customer') {
    if (wantsPayment !== undefined || (requested.deliveryStatus ?? 'cancelled') !== 'cancelled') {
      throw conflict('You can only cancel your order');
    }
    if (current.deliveryStatus === 'cancelled') throw conflict('This order is already cancelled');
    if (current.deliveryStatus === 'delivered') throw conflict('A delivered order cannot be cancelled');
    if (current.paymentStatus === 'paid') {
      throw conflict('A paid order cannot be cancelled online: please call us and we will sort it out');
    }
    if (current.deliveryStatus !== 'pending') {
      throw conflict(
        'This order is already on its way and can no longer be cancelled online: please call us',
      );
    }
    return { ...current, deliveryStatus: 'cancelled', changed: true };
  }

  if (wantsPayment === undefined && wantsDelivery === undefined) throw badRequest(NOT_CHANGED);
  if (
    wantsPayment !== undefined &&
    !ADMIN_PAYMENT_TRANSITIONS[current.paymentStatus].includes(wantsPayment)
  ) {
    throw conflict(
      `The payment status cannot change from ${STATUS_LABELS[current.paymentStatus]} to ${STATUS_LABELS[wantsPayment]}`,
    );
  }
  if (
    wantsDelivery !== undefined &&
    !ADMIN_DELIVERY_TRANSITIONS[current.deliveryStatus].includes(wantsDelivery)
  ) {
    throw conflict(
      current.deliveryStatus === 'cancelled'
        ? 'This order is cancelled: reopen it (delivery status Pending) before changing its delivery'
        : `The delivery status cannot change from ${STATUS_LABELS[current.deliveryStatus]} to ${STATUS_LABELS[wantsDelivery]}`,
    );
  }
  return {
    paymentStatus: wantsPayment ?? current.paymentStatus,
    deliveryStatus: wantsDelivery ?? current.deliveryStatus,
    changed: true,
  };
}
