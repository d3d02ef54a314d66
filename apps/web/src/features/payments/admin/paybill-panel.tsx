import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import toast from 'react-hot-toast';
import { formatKsh } from '@urembo/contract/money';
import type { Payment } from '@urembo/contract/payments';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import {
  useAssignPayment,
  useC2bRegistration,
  useOrderSearch,
  useReconciliation,
  useRegisterC2b,
} from './api';

/** Today in Nairobi (UTC+3 all year), as YYYY-MM-DD. */
function nairobiToday(): string {
  return new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
}

/** The day's money by way it came, and what still waits for a person. */
export function ReconciliationPanel() {
  const [date, setDate] = useState(nairobiToday);
  const day = useReconciliation(date);
  const cell = (label: string, value: { count: number; amount: number } | undefined, tone = 'text-ink') => (
    <div className="rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className={`mt-0.5 font-semibold tabular-nums ${tone}`}>
        {value ? `${formatKsh(value.amount)} · ${value.count}` : '…'}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="reconciliation-heading" className="card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reconciliation-heading" className="font-semibold text-ink">
          Reconciliation
        </h2>
        <label className="text-sm text-stone-600">
          Day{' '}
          <input
            type="date"
            className="input ml-1 inline-block w-auto py-1"
            value={date}
            max={nairobiToday()}
            onChange={(e) => e.target.value && setDate(e.target.value)}
          />
        </label>
      </div>
      {day.isError ? (
        <p className="mt-2 text-sm text-red-700">{errorMessage(day.error, 'Could not load the day')}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {cell('Paybill', day.data?.paybill, 'text-green-700')}
          {cell('M-Pesa prompts', day.data?.stk, 'text-green-700')}
          {cell('Typed receipts', day.data?.manual, 'text-green-700')}
          {cell('Recorded by admin', day.data?.admin)}
          {cell('Unmatched', day.data?.unmatched, 'text-amber-800')}
          {cell('Waiting (typed)', day.data?.pendingManual, 'text-amber-800')}
          {cell('Held for review', day.data?.flagged, 'text-red-700')}
        </dl>
      )}
    </section>
  );
}

/** "Register paybill URLs" with Safaricom, and the last result. */
export function RegistrationPanel() {
  const state = useC2bRegistration();
  const register = useRegisterC2b();
  const data = state.data;
  return (
    <section aria-labelledby="registration-heading" className="card flex flex-col gap-2 p-4">
      <h2 id="registration-heading" className="font-semibold text-ink">
        Paybill {data?.shortcode ?? ''}
      </h2>
      {data && !data.configured ? (
        <p className="text-sm text-stone-600">
          No paybill of the shop’s own is configured (MPESA_C2B_SHORTCODE and Daraja credentials): customers
          pay the fixed account and an admin matches their receipts.
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-600" role="status">
            {data?.ok === true
              ? `URLs registered with Safaricom${data.at ? ` (${formatDate(data.at, 'dayTime')})` : ''}.`
              : data?.ok === false
                ? `Last registration failed${data.at ? ` (${formatDate(data.at, 'dayTime')})` : ''}: ${data.message}`
                : 'Not registered yet.'}
          </p>
          <button
            type="button"
            className="btn-outline self-start"
            disabled={register.isPending || !data}
            onClick={() =>
              register.mutate(undefined, {
                onSuccess: (s) =>
                  s.ok ? toast.success('Paybill URLs registered') : toast.error(s.message ?? 'Failed'),
                onError: (error) => toast.error(errorMessage(error, 'Registration failed')),
              })
            }
          >
            {register.isPending ? 'Registering…' : 'Register paybill URLs'}
          </button>
        </>
      )}
    </section>
  );
}

/** Assigns an unmatched paybill payment to the order it was for (search by reference, phone or name). */
export function AssignPaymentButton({ payment }: { payment: Payment }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState(payment.account ?? '');
  const search = useOrderSearch(q);
  const assign = useAssignPayment();
  return (
    <>
      <button
        type="button"
        className="btn-outline whitespace-nowrap px-3 py-1 text-xs"
        onClick={() => setOpen(true)}
      >
        Assign to order
      </button>
      <Modal
        open={open}
        onClose={() => (assign.isPending ? undefined : setOpen(false))}
        title={`Assign ${payment.receipt ?? 'payment'} (${formatKsh(payment.amount)})`}
      >
        <p className="text-sm text-stone-600">
          Paid to account “{payment.account || '—'}” by {payment.fullName}. Find the order by its reference,
          the customer’s phone or name.
        </p>
        <input
          className="input mt-3"
          aria-label="Search orders"
          placeholder="Reference, phone or name"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <ul className="mt-3 max-h-64 divide-y divide-stone-100 overflow-y-auto text-sm">
          {(search.data ?? []).map((o) => (
            <li key={o._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-mono font-semibold">{o.reference}</span> · {o.name} ·{' '}
                {formatKsh(o.totalAmount)} · {o.paymentStatus}
              </span>
              <button
                type="button"
                className="btn-primary px-3 py-1 text-xs"
                disabled={assign.isPending}
                onClick={() =>
                  assign.mutate(
                    { id: payment._id, order: o.reference },
                    {
                      onSuccess: () => {
                        toast.success(`Assigned to order ${o.reference}`);
                        setOpen(false);
                      },
                      onError: (error) => toast.error(errorMessage(error, 'Failed to assign')),
                    },
                  )
                }
              >
                Assign
              </button>
            </li>
          ))}
          {q.trim().length >= 2 && search.data?.length === 0 ? (
            <li className="py-2 text-stone-600">No order matches.</li>
          ) : null}
        </ul>
      </Modal>
    </>
  );
}
