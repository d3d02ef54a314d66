import { useEffect, useState } from 'react';
import { formatDate } from '../../../lib/dates';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { formatKsh } from '@urembo/contract/money';
import { PAYMENT_FILTERS, type Payment, type PaymentFilter } from '@urembo/contract/payments';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { DataTable, type Column } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useAdminPayments, useUpdatePayment } from './api';
import { AssignPaymentButton, ReconciliationPanel, RegistrationPanel } from './paybill-panel';
import { RefundButton } from './refund-dialog';
import { PullPanel } from './pull-panel';

const FILTER_LABELS: Record<PaymentFilter, string> = {
  all: 'All',
  unmatched: 'Unmatched',
  pending: 'Pending manual',
  conflicts: 'Conflicts',
  'refund-due': 'Refund due',
};

const FLAG_LABELS: Record<NonNullable<Payment['flag']>, string> = {
  'amount-mismatch': 'Amount mismatch',
  conflict: 'Receipt conflict',
  refund: 'Refund due',
  duplicate: 'Duplicate',
};

const SOURCE_LABELS: Record<Payment['ID'], string> = {
  'user-mpesa-form': 'M-Pesa form',
  'mpesa-stk': 'STK push',
  'mpesa-c2b': 'Paybill',
  admin: 'By admin',
};

/** The seed's failure text, followed by the server's reason (e.g. why a payment cannot be set back to pending). */
function failure(what: string, error: unknown): string {
  const reason = errorMessage(error, '');
  return reason ? `${what}. ${reason}` : what;
}

function StatusBadge({ payment }: { payment: Payment }) {
  if (payment.flag) {
    return (
      <span
        className="inline-flex rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200"
        title={payment.note ?? undefined}
      >
        {FLAG_LABELS[payment.flag]}
      </span>
    );
  }
  if (payment.ID === 'mpesa-c2b' && payment.order === null) {
    return (
      <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
        Unmatched
      </span>
    );
  }
  return payment.status ? (
    <span className="inline-flex rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-700 ring-1 ring-green-200">
      Complete
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
      Pending
    </span>
  );
}

/** Pending / Complete for a manual-form payment (seed: only those can be toggled). */
function StatusToggle({ payment }: { payment: Payment }) {
  const update = useUpdatePayment();
  const set = (status: boolean) => {
    if (status === payment.status || update.isPending) return;
    update.mutate(
      { id: payment._id, status },
      {
        onSuccess: () => toast.success('Payment updated successfully'),
        onError: (error) => toast.error(failure('Failed to update payment', error)),
      },
    );
  };
  const option = (status: boolean, label: string) => {
    const active = payment.status === status;
    return (
      <button
        type="button"
        aria-pressed={active}
        disabled={update.isPending}
        onClick={() => set(status)}
        className={`px-3 py-1 text-xs font-semibold transition-colors disabled:opacity-60 ${
          active
            ? status
              ? 'bg-green-700 text-white'
              : 'bg-amber-700 text-white'
            : 'bg-white text-stone-600 hover:bg-stone-50'
        }`}
      >
        {label}
      </button>
    );
  };
  return (
    <div
      role="group"
      aria-label={`Status of payment ${payment.receipt ?? payment._id}`}
      className="inline-flex overflow-hidden rounded-full ring-1 ring-stone-300"
    >
      {option(false, 'Pending')}
      {option(true, 'Complete')}
    </div>
  );
}

const columns: Column<Payment>[] = [
  {
    header: 'Date',
    cell: (p) => (
      <span className="whitespace-nowrap text-stone-600">{formatDate(p.createdAt, 'dateTime')}</span>
    ),
  },
  {
    header: 'Source',
    cell: (p) => (
      <span className="whitespace-nowrap">
        <span className="font-medium">{SOURCE_LABELS[p.ID]}</span>
        <span className="block text-xs text-stone-600">
          {p.ID === 'mpesa-c2b' ? `Account ${p.account || '—'}` : p.channel}
        </span>
        {p.verification ? (
          <span className="block text-xs text-stone-600">M-Pesa check: {p.verification}</span>
        ) : null}
        {p.note ? <span className="block max-w-48 text-xs text-stone-600">{p.note}</span> : null}
      </span>
    ),
  },
  { header: 'Full name', cell: (p) => <span className="whitespace-nowrap">{p.fullName}</span> },
  {
    header: 'Phone',
    cell: (p) => <span className="whitespace-nowrap">{p.phone ? formatPhoneForDisplay(p.phone) : '—'}</span>,
  },
  {
    header: 'Receipt',
    cell: (p) => <span className="font-mono text-xs tracking-wider">{p.receipt ?? '—'}</span>,
  },
  {
    header: 'Amount',
    className: 'text-right',
    cell: (p) => <span className="whitespace-nowrap font-semibold">{formatKsh(p.amount)}</span>,
  },
  {
    header: 'Order',
    cell: (p) =>
      p.order ? (
        <Link to={`/order/${p.order}`} className="font-mono text-xs text-brand-700 hover:underline">
          {p.orderReference ?? p.order}
        </Link>
      ) : p.ID === 'mpesa-c2b' && !p.flag ? (
        <AssignPaymentButton payment={p} />
      ) : (
        '—'
      ),
  },
  {
    header: 'Status',
    cell: (p) =>
      p.ID === 'user-mpesa-form' && !p.flag ? <StatusToggle payment={p} /> : <StatusBadge payment={p} />,
  },
  {
    header: 'Refund',
    cell: (p) => (
      <span className="flex flex-col items-start gap-1 whitespace-nowrap text-xs">
        {p.refundDue ? (
          <span className="font-semibold text-red-700">Due {formatKsh(p.refundDue)}</span>
        ) : null}
        {p.refunds.map((r) => (
          <span key={r._id} title={r.failure ?? undefined}>
            {formatKsh(r.amount)} {r.state === 'completed' ? 'refunded' : r.state}
          </span>
        ))}
        {p.state === 'completed' || p.state === 'held' ? <RefundButton payment={p} /> : null}
      </span>
    ),
  },
];

/** Admin → payments: every payment, newest first, 25 per page from the server. */
export default function PaymentsTable() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<PaymentFilter>('all');
  const { data, isPending, error } = useAdminPayments(page, filter);
  useEffect(() => {
    if (error) toast.error(failure('Failed to fetch payments', error), { id: 'admin-payments-error' });
  }, [error]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {data ? <p className="text-sm text-stone-600">{data.total} in total</p> : null}
      </div>
      <p className="text-sm text-stone-600">
        Paybill and prompt payments settle their orders by themselves; typed receipts are checked with M-Pesa.
        What is left here needs you: unmatched paybill payments, receipts M-Pesa could not confirm, and
        payments held for review. An order becomes paid when its completed payments cover its total.
      </p>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ReconciliationPanel />
        <div className="flex flex-col gap-3">
          <RegistrationPanel />
          <PullPanel />
        </div>
      </div>
      <div role="tablist" aria-label="Show payments" className="flex flex-wrap gap-2">
        {PAYMENT_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${
              filter === f
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-stone-700 ring-stone-300'
            }`}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      <DataTable
        caption="Payments"
        columns={columns}
        rows={data?.data}
        rowKey={(p) => p._id}
        isLoading={isPending}
        error={error ? failure('Failed to fetch payments', error) : null}
        empty="No payments yet"
      />
      <Pager page={page} totalPages={data?.totalPages ?? 1} onPage={setPage} />
    </div>
  );
}
