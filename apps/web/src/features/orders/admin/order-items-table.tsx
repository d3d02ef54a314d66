import { describeOptions } from '@urembo/contract/variants';
import { useEffect, useState } from 'react';
import { formatKsh } from '@urembo/contract/money';
import type { OrderItem } from '@urembo/contract/orders';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import toast from 'react-hot-toast';
import { DataTable, type Column } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useAdminOrderItems } from '../api';
import { formatDate } from '../../../lib/dates';
import { StatusBadge } from '../components/status-badge';

const columns: Column<OrderItem>[] = [
  {
    header: 'Customer',
    cell: (i) => (
      <>
        <span className="block font-medium">{i.user.fullName}</span>
        {i.user.email ? <EmailText email={i.user.email} className="block text-xs text-stone-600" /> : null}
        <span className="block whitespace-nowrap text-xs text-stone-600">
          {formatPhoneForDisplay(i.user.phone)}
        </span>
      </>
    ),
  },
  {
    header: 'Product',
    cell: (i) => (
      <span className="block min-w-36">
        {i.product.name}
        {i.variant ? (
          <span className="block text-xs text-stone-600">{describeOptions(i.variant.options)}</span>
        ) : null}
      </span>
    ),
  },
  { header: 'Count', cell: (i) => i.count, className: 'text-right' },
  {
    header: 'Price',
    cell: (i) => <span className="whitespace-nowrap">{formatKsh(i.price)}</span>,
    className: 'text-right',
  },
  { header: 'Date', cell: (i) => <span className="whitespace-nowrap">{formatDate(i.createdAt)}</span> },
  {
    header: 'Order',
    cell: (i) => (
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="mr-1 text-xs text-stone-600">{i.order.reference}</span>
        <StatusBadge status={i.order.paymentStatus} kind="Payment" />
        <StatusBadge status={i.order.deliveryStatus} kind="Delivery" />
      </div>
    ),
  },
];

/** Admin "orderItems" table: every ordered line, newest first; list only. */
export function OrderItemsTable() {
  const [page, setPage] = useState(1);
  const items = useAdminOrderItems(page);
  const failure = items.isError ? errorMessage(items.error, 'Failed to fetch ordered items') : null;
  useEffect(() => {
    if (failure) toast.error(failure, { id: 'admin-order-items-error' });
  }, [failure]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {items.data ? <p className="text-sm text-stone-600">{items.data.total} in all</p> : null}
      </div>
      <DataTable
        caption="Ordered items, newest first"
        columns={columns}
        rows={items.data?.data}
        rowKey={(i) => i._id}
        isLoading={items.isPending}
        error={failure}
        empty="Nothing has been ordered yet"
      />
      <Pager page={page} totalPages={items.data?.totalPages ?? 0} onPage={setPage} />
    </div>
  );
}
