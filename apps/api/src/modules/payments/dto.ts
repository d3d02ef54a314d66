import type { Payment } from '@urembo/contract/payments';
import { fromFlag } from '../../db/sql-values';
import type { PaymentListRow } from './repository';

/** The API's view of a payment (`ID` is the source marker, `order` the order's _id). */
export function toPaymentDto(row: PaymentListRow): Payment {
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
  };
}
