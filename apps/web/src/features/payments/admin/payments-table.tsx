import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { formatKsh } from '@urembo/contract/money';
import type { Payment } from '@urembo/contract/payments';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { DataTable, type Column } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useAdminPayments, useUpdatePayment } from './api';

const dateFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});

/** The seed's failure text, followed by the server's reason (e.g. why a payment cannot be set back to pending). */
function failure(what: string, error: unknown): string {
  const reason = errorMessage(error, '');
  return reason ? `${what}. ${reason}` : what;
}

function StatusBadge({ payment }: { payment: Payment }) {
  if (payment.flag === 'amount-mismatch') {
    return (
      <span className="inline-flex rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200">
        Amount mismatch
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
              ? 'bg-green-600 text-white'
              : 'bg-amber-500 text-white'
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
      <span className="whitespace-nowrap text-stone-600">{dateFormat.format(new Date(p.createdAt))}</span>
    ),
  },
  {
    header: 'Source',
    cell: (p) => (
      <span className="whitespace-nowrap">
        <span className="font-medium">{p.ID === 'user-mpesa-form' ? 'M-Pesa form' : 'STK push'}</span>
        <span className="block text-xs text-stone-500">{p.channel}</span>
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
    cell: (p) => (
      <Link
        to={`/order/${p.order}`}
        className="font-mono text-xs text-brand-700 hover:underline"
        title={p.order}
      >
        {p.order.slice(0, 10)}…
      </Link>
    ),
  },
  {
    header: 'Status',
    cell: (p) =>
      p.ID === 'user-mpesa-form' && !p.flag ? <StatusToggle payment={p} /> : <StatusBadge payment={p} />,
  },
];

/** Admin → payments: every payment, newest first, 25 per page from the server. */
export default function PaymentsTable() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useAdminPayments(page);
  useEffect(() => {
    if (error) toast.error(failure('Failed to fetch payments', error), { id: 'admin-payments-error' });
  }, [error]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {data ? <p className="text-sm text-stone-500">{data.total} in total</p> : null}
      </div>
      <p className="text-sm text-stone-600">
        Payments sent with the M-Pesa form stay pending until you check the receipt in M-Pesa and mark them
        complete. An order becomes paid when its completed payments cover its total.
      </p>
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
