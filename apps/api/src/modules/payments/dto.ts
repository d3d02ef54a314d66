import type { Payment } from '@urembo/contract/payments';
import { fromFlag } from '../../db/sql-values';
import type { PaymentRow } from './repository';

/** The API's view of a payment (API.md: `ID` is the source marker, `order` the order's _id). */
export function toPaymentDto(row: PaymentRow): Payment {
  return {
    _id: row.id,
    ID: row.source,
    fullName: row.full_name,
    amount: row.amount,
    channel: row.channel,
    receipt: row.receipt,
    phone: row.phone,
    order: row.order_id,
    status: fromFlag(row.status),
    flag: row.flag,
    createdAt: row.created_at,
  };
}
