import { useMutation, useQuery } from '@tanstack/react-query';
import type { ManualPaymentBody, Payment, ResolveAnswer, StkPushAnswer } from '@urembo/contract/payments';
import { ApiRequestError, api } from '../../lib/api-client';

export const paymentKeys = {
  instructions: ['mpesa-instructions'] as const,
  resolve: (id: string) => ['stk-resolve', id] as const,
};

/** Paybill, account and whether STK push (and the demo simulator) are on. */
/** Sends the STK prompt for an order's unpaid balance; `phone` is already in the 2547…/2541… form. */
export function useStartStkPush(orderId: string) {
  return useMutation({
    mutationFn: (phone: string) => api.post<StkPushAnswer>(`/m-pesa/stk/${orderId}`, { phone }),
  });
}

export const RESOLVE_EVERY_MS = 3000;

/** The STK request's state, asked again every 3 s until it is final (paid, failed or cancelled). */
export function useResolveTransaction(id: string) {
  return useQuery({
    queryKey: paymentKeys.resolve(id),
    queryFn: () => api.get<ResolveAnswer>(`/m-pesa/resolveTransaction/${id}`),
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
    mutationFn: (body: ManualPaymentBody) => api.post<Payment>('/payment/', body),
  });
}
