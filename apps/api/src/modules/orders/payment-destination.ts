import type { Config } from '../../config';

/**
 * Where a customer pays for an order from the M-Pesa menu: one answer for checkout, the order page and the SMS.
 * With the shop's own paybill (MPESA_C2B_SHORTCODE) the account is the order's reference, so Safaricom's
 * confirmation settles the order by itself; otherwise the configured paybill and fixed account (MPESA_PAYBILL,
 * MPESA_ACCOUNT), which an admin or the customer's typed receipt matches later.
 */
export function paymentDestination(
  config: Config,
  reference: string | null,
): { paybill: string; account: string; accountIsOrderReference: boolean } {
  const c2b = config.mpesa.mode === 'off' ? undefined : config.mpesa.c2b;
  if (c2b) return { paybill: c2b.shortcode, account: reference ?? '', accountIsOrderReference: true };
  return {
    paybill: config.paymentInstructions.paybill,
    account: config.paymentInstructions.account,
    accountIsOrderReference: false,
  };
}
