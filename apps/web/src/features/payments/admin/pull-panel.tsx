import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { paymentPullRoutes } from '@urembo/contract/routes/payment-pull';
import { call, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { adminPaymentKeys } from './api';

/** Under the payments' key: whatever refreshes the payments refreshes the sweep's state too. */
const pullKey = [...adminPaymentKeys.all, 'pull'] as const;

/**
 * The Pull Transactions sweep: when it last ran, what it found and recovered (paybill payments whose confirmation
 * never came), and "Sweep now".
 */
export function PullPanel() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: pullKey, queryFn: () => call(paymentPullRoutes.getPullSweep) });
  const sweep = useMutation({
    mutationFn: () => call(paymentPullRoutes.runPullSweep),
    onSuccess: (s) => {
      queryClient.setQueryData(pullKey, s);
      // Recovered payments show in the list and the day's figures.
      if (s.recovered > 0) void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
    },
  });
  const data = state.data;
  if (state.isError || !data) return null;
  return (
    <section aria-labelledby="pull-heading" className="card flex flex-col gap-2 p-4">
      <h2 id="pull-heading" className="font-semibold text-ink">
        Pull sweep
      </h2>
      {!data.configured ? (
        <p className="text-sm text-stone-600">
          Not set up (MPESA_PULL_NOMINATED_NUMBER, with the paybill and Daraja credentials): a paybill payment
          whose confirmation never came waits for the customer’s receipt.
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-600">
            Asks M-Pesa for the paybill’s payments and records any whose confirmation never came,{' '}
            {data.sweepMinutes > 0 ? `every ${data.sweepMinutes} minutes` : 'only when you sweep'}.
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" role="status">
            <dt className="text-stone-600">Last run</dt>
            <dd>{data.lastSweepAt ? formatDate(data.lastSweepAt, 'dayTime') : 'Not yet'}</dd>
            <dt className="text-stone-600">Recovered</dt>
            <dd className={data.recovered > 0 ? 'font-semibold text-green-700' : undefined}>
              {data.recovered}
            </dd>
          </dl>
          {data.lastResult ? (
            <p className={`text-sm ${data.ok === false ? 'text-red-700' : 'text-stone-600'}`}>
              {data.lastResult}
            </p>
          ) : null}
          {data.registration.ok === false ? (
            <p className="text-sm text-red-700">Pull registration failed: {data.registration.message}</p>
          ) : null}
          <button
            type="button"
            className="btn-outline self-start"
            disabled={sweep.isPending}
            onClick={() =>
              sweep.mutate(undefined, {
                onSuccess: (s) => {
                  if (s.ok === false) toast.error(s.lastResult ?? 'The sweep failed');
                  else if (s.recovered > 0)
                    toast.success(`Recovered ${s.recovered} payment${s.recovered === 1 ? '' : 's'}`);
                  else toast.success('Sweep done: no payment was missing');
                },
                onError: (error) => toast.error(errorMessage(error, 'The sweep failed')),
              })
            }
          >
            {sweep.isPending ? 'Sweeping…' : 'Sweep now'}
          </button>
        </>
      )}
    </section>
  );
}
