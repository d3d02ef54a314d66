import { payerPhoneFor } from '@urembo/contract/phone';
import type { Payment, Refund } from '@urembo/contract/payments';
import { fromFlag } from '../../db/sql-values';
import { isShopAdmin } from '../auth';
import type { PaymentListRow, RefundRow } from './repository';

export function toRefundDto(row: RefundRow): Refund {
  return {
    _id: row.id,
    amount: row.amount,
    method: row.method,
    state: row.state,
    receipt: row.receipt,
    reason: row.reason,
    failure: row.failure,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** The API's view of a payment (`ID` is the source marker, `order` the order's _id), with its refunds. */
export function toPaymentDto(row: PaymentListRow, refunds: RefundRow[] = [], refundDue?: number): Payment {
  return {
    _id: row.id,
    ID: row.source,
    fullName: row.full_name,
    amount: row.amount,
    channel: row.channel,
    receipt: row.receipt,
    phone: row.phone,
    order: row.order_id,
    orderReference: row.order_reference,
    status: fromFlag(row.status),
    // 'other-shortcode' rows are never stored as payments (only audited); the API knows the four review flags.
    flag: row.flag === 'other-shortcode' ? 'conflict' : row.flag,
    account: row.account,
    note: row.note,
    verification: row.verification,
    createdAt: row.created_at,
    state: row.state,
    holdReason: row.hold_reason,
    refundedAmount: row.refunded_amount,
    refunds: refunds.filter((r) => r.payment_id === row.id).map(toRefundDto),
    ...(refundDue !== undefined ? { refundDue } : {}),
  };
}

/** Who reads a payment: an admin sees everything; a customer reads her own order's payments. */
export interface PaymentReader {
  role: string;
  phone: string | null;
}

/**
 * What a customer reads of a payment of her own order (docs/api-additions-payments.md, "What a customer sees"):
 * staff-only text is left out (the admin's `note`, each refund's `reason`, empty, and Safaricom's `failure`, null)
 * and a payer's number that is neither hers nor the order's is masked. An admin reads the payment as it is.
 */
export function paymentFor(
  reader: PaymentReader,
  payment: Payment,
  orderPhone: string | null = null,
): Payment {
  if (isShopAdmin(reader)) return payment;
  return {
    ...payment,
    phone: payerPhoneFor(payment.phone, [reader.phone, orderPhone]),
    note: null,
    refunds: payment.refunds.map((r) => ({ ...r, reason: '', failure: null })),
  };
}
