import { useMutation, useQuery } from '@tanstack/react-query';
import type { ManualPaymentBody, Payment } from '@urembo/contract/payments';
import { paymentRoutes } from '@urembo/contract/routes/payments';
import { ApiRequestError, call } from '../../lib/api-client';
import { t } from '../../i18n/i18n';

/** The storefront's payment queries: every one starts with 'payments'. */
export const paymentKeys = {
  all: ['payments'] as const,
  resolve: (id: string) => ['payments', 'stk-resolve', id] as const,
  order: (orderId: string) => ['payments', 'order', orderId] as const,
};

/** Sends the STK prompt for an order's unpaid balance; `phone` is already in the 2547…/2541… form. */
export function useStartStkPush(orderId: string) {
  return useMutation({
    mutationFn: (phone: string) => call(paymentRoutes.startStkPush, { params: { orderId }, body: { phone } }),
  });
}

export const RESOLVE_EVERY_MS = 3000;

/** The STK request's state, asked again every 3 s until it is final (paid, failed or cancelled). */
export function useResolveTransaction(id: string) {
  return useQuery({
    queryKey: paymentKeys.resolve(id),
    queryFn: () => call(paymentRoutes.resolveStkPush, { params: { id } }),
    staleTime: 0,
    refetchInterval: (query) => {
      const error = query.state.error;
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
      const status = query.state.data?.status;
      return status === undefined || status === 'pending' ? RESOLVE_EVERY_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

export function useSubmitManualPayment() {
  return useMutation({
    mutationFn: (body: ManualPaymentBody) => call(paymentRoutes.submitManualPayment, { body }),
  });
}

/** The payments recorded for one order (its owner or an admin): receipts sent with the form and their state. */
export function useOrderPayments(orderId: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.order(orderId),
    queryFn: () => call(paymentRoutes.listOrderPayments, { params: { orderId } }).then((r) => r.data),
    enabled,
    staleTime: 0,
    // While Safaricom is being asked about a typed receipt, ask again.
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.verification === 'checking' && !p.status) ? RESOLVE_EVERY_MS : false,
  });
}

/** Completed payments that count towards the order (flagged ones are held for review). */
export function paidSoFar(payments: Payment[] | undefined): number {
  return (payments ?? []).filter((p) => p.status && !p.flag).reduce((sum, p) => sum + p.amount, 0);
}

/** What a customer reads about a payment they sent. */
export function paymentStateText(p: Payment): string {
  if (p.flag === 'duplicate') return t('payState.duplicate');
  if (p.flag) return t('payState.flagged');
  if (p.status) return t('payState.confirmed');
  if (p.verification === 'checking') return t('payState.checking');
  if (p.verification === 'unknown') return t('payState.unknown');
  return t('payState.waiting');
}
