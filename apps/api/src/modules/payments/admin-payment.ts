import type { Transaction } from 'kysely';
import { RECEIPT_RULE, parseReceipt } from '@urembo/contract/payments';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { completedTotal, type AdminPaymentEvidence, type OrderRow } from '../orders';
import { creditNew } from './ledger';
import { findPaymentByReceipt } from './repository';

export const ADMIN_PAYMENT_CHANNEL = 'Recorded by admin';
export const ADMIN_PAID_NEEDS_EVIDENCE =
  'To mark this order paid, give the M-Pesa receipt you saw or a reason (for example "cash on delivery")';

/**
 * An admin marks an order paid by hand: what is still owed is recorded as a completed payment (source "admin")
 * with the receipt or the reason, through the ledger's one credit step; the order's status change then settles it
 * (OrderService, which gets this function as a dependency: payments own every write to payments). Nothing is
 * recorded when the completed payments already cover the order (an admin re-marking it paid after undoing "paid").
 */
export async function recordAdminPayment(
  trx: Transaction<Database>,
  order: OrderRow,
  evidence: AdminPaymentEvidence,
  now: string,
): Promise<void> {
  const owed = order.total_amount - (await completedTotal(trx, order.id));
  if (owed > 0) {
    const receipt = evidence.receipt?.trim() ? parseReceipt(evidence.receipt) : '';
    const reason = evidence.reason?.trim() ?? '';
    if (receipt === null) throw badRequest(RECEIPT_RULE);
    if (!receipt && !reason) throw badRequest(ADMIN_PAID_NEEDS_EVIDENCE);
    if (receipt && (await findPaymentByReceipt(trx, receipt)))
      throw conflict('This M-Pesa receipt number has already been used');
    await creditNew(
      trx,
      {
        id: newId(),
        source: 'admin',
        order_id: order.id,
        user_id: order.user_id,
        stk_request_id: null,
        full_name: order.name,
        amount: owed,
        channel: ADMIN_PAYMENT_CHANNEL,
        receipt: receipt || null,
        phone: order.phone,
        created_at: now,
        updated_at: now,
        account: null,
        note: reason || null,
        verification: null,
        status_query_id: null,
      },
      { byAdmin: true },
    );
  }
}
