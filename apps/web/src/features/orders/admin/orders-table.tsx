import { describeOptions } from '@urembo/contract/variants';
import { useEffect, useState } from 'react';
import { ADMIN_ORDER_FILTERS, type AdminOrderFilter } from '@urembo/contract/dashboard';
import { useSearchParams } from 'wouter';
import { formatKsh } from '@urembo/contract/money';
import type { Order, UpdateOrderStatusBody } from '@urembo/contract/orders';
import {
  ADMIN_DELIVERY_TRANSITIONS,
  ADMIN_PAYMENT_TRANSITIONS,
  STATUS_LABELS,
  type DeliveryStatus,
  type PaymentStatus,
} from '@urembo/contract/order-status';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import toast from 'react-hot-toast';
import { DataTable, type Column } from '../../../components/data-table';
import { Modal } from '../../../components/modal';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useAdminOrders, useOrderMessages, useUpdateOrderStatus } from '../api';
import { itemCount, placeLine } from '../components/order-format';
import { formatDate } from '../../../lib/dates';
import { StatusBadge } from '../components/status-badge';
import { OrderRefunds } from '../components/order-refunds';

const AWAITING_LABELS: Record<AdminOrderFilter, string> = {
  payment: 'Awaiting payment',
  delivery: 'Awaiting delivery',
};

function isAwaiting(value: string | null): value is AdminOrderFilter {
  return (ADMIN_ORDER_FILTERS as readonly string[]).includes(value ?? '');
}

/**
 * Admin "orders" table: 25 per page from the server, and a modal to set both statuses. `?awaiting=payment`
 * or `?awaiting=delivery` (the dashboard's links) shows only those orders.
 */
export function OrdersTable() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Order | null>(null);
  const [params, setParams] = useSearchParams();
  const raw = params.get('awaiting');
  const awaiting = isAwaiting(raw) ? raw : undefined;
  const orders = useAdminOrders(page, awaiting);
  const failure = orders.isError ? errorMessage(orders.error, 'Failed to fetch orders') : null;
  // The dialog shows the order as the list has it now, not as it was when the dialog opened.
  const shown = editing ? (orders.data?.data.find((o) => o._id === editing._id) ?? editing) : null;

  useEffect(() => {
    if (failure) toast.error(failure, { id: 'admin-orders-error' });
  }, [failure]);

  // Total and statuses come right after the customer, so a phone shows what matters before scrolling sideways.
  const columns: Column<Order>[] = [
    {
      header: 'Date',
      cell: (o) => (
        <>
          <span className="block whitespace-nowrap">{formatDate(o.createdAt)}</span>
          <button
            type="button"
            className="text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
            aria-label={`Update order ${o.reference}`}
            onClick={() => setEditing(o)}
          >
            {o.reference}
          </button>
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (o) => (
        <>
          <span className="block font-medium">{o.user.fullName}</span>
          {o.name !== o.user.fullName ? <span className="text-xs text-stone-600">to {o.name}</span> : null}
        </>
      ),
    },
    {
      header: 'Total',
      cell: (o) => <span className="whitespace-nowrap font-semibold">{formatKsh(o.totalAmount)}</span>,
      className: 'text-right',
    },
    { header: 'Payment', cell: (o) => <StatusBadge status={o.paymentStatus} kind="Payment" /> },
    { header: 'Delivery', cell: (o) => <StatusBadge status={o.deliveryStatus} kind="Delivery" /> },
    { header: 'Items', cell: (o) => itemCount(o), className: 'text-right' },
    {
      header: 'Phone',
      cell: (o) => <span className="whitespace-nowrap">{formatPhoneForDisplay(o.phone)}</span>,
    },
    { header: 'Location', cell: (o) => <span className="block min-w-40">{`${o.location}, ${o.town}`}</span> },
    {
      header: 'Action',
      cell: (o) => (
        <button type="button" className="btn-outline px-3 py-1.5 text-xs" onClick={() => setEditing(o)}>
          Update
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-stone-600">
            Show
            <select
              className="input w-auto py-1.5"
              value={awaiting ?? ''}
              onChange={(e) => {
                setPage(1);
                setParams(e.target.value ? { awaiting: e.target.value } : {});
              }}
            >
              <option value="">All orders</option>
              {ADMIN_ORDER_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {AWAITING_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          {orders.data ? (
            <p className="text-sm text-stone-600" data-testid="orders-total">
              {orders.data.total} {awaiting ? AWAITING_LABELS[awaiting].toLowerCase() : 'in all'}
            </p>
          ) : null}
        </div>
      </div>
      <DataTable
        caption="Orders, newest first"
        columns={columns}
        rows={orders.data?.data}
        rowKey={(o) => o._id}
        isLoading={orders.isPending}
        error={failure}
        empty="No orders yet"
      />
      <Pager page={page} totalPages={orders.data?.totalPages ?? 0} onPage={setPage} />
      {shown ? (
        <OrderStatusModal
          // Statuses changed underneath (a refund completed, M-Pesa paid it): the form starts again from them.
          key={`${shown._id}:${shown.paymentStatus}:${shown.deliveryStatus}`}
          order={shown}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function OrderStatusModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus>(order.paymentStatus);
  const [deliveryStatus, setDeliveryStatus] = useState<DeliveryStatus>(order.deliveryStatus);
  const [evidence, setEvidence] = useState('');
  const update = useUpdateOrderStatus();
  const markingPaid = paymentStatus === 'paid' && order.paymentStatus !== 'paid';
  const paymentOptions = [order.paymentStatus, ...ADMIN_PAYMENT_TRANSITIONS[order.paymentStatus]];
  const deliveryOptions = [order.deliveryStatus, ...ADMIN_DELIVERY_TRANSITIONS[order.deliveryStatus]];

  function save() {
    const change: UpdateOrderStatusBody = {};
    if (paymentStatus !== order.paymentStatus) change.paymentStatus = paymentStatus;
    if (deliveryStatus !== order.deliveryStatus) change.deliveryStatus = deliveryStatus;
    if (!change.paymentStatus && !change.deliveryStatus) {
      toast.error('Not changed');
      return;
    }
    if (markingPaid) {
      const text = evidence.trim();
      // A receipt looks like NLJ7RT61SV; anything else is the reason ("cash on delivery").
      if (/^[A-Za-z0-9]{10}$/.test(text)) change.receipt = text;
      else change.reason = text;
    }
    update.mutate(
      { id: order._id, change },
      {
        onSuccess: () => {
          toast.success('status updated');
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update the order')),
      },
    );
  }

  return (
    <Modal open onClose={() => (update.isPending ? undefined : onClose())} title={`Order ${order.reference}`}>
      <div className="space-y-1 text-sm text-stone-700">
        <p>
          <span className="font-semibold text-ink">{order.name}</span> · {formatPhoneForDisplay(order.phone)}
        </p>
        <p>{placeLine(order)}</p>
        <p>
          {itemCount(order)} {itemCount(order) === 1 ? 'item' : 'items'} ·{' '}
          <span className="font-semibold text-ink">{formatKsh(order.totalAmount)}</span> ·{' '}
          {formatDate(order.createdAt, 'dateTime')}
        </p>
        {order.discount ? (
          <p data-testid="admin-order-discount">
            Discount {order.discount.code}: −{formatKsh(order.discount.amount)}
          </p>
        ) : null}
      </div>
      <ul className="mt-3 max-h-32 overflow-y-auto rounded-xl bg-stone-50 px-3 py-2 text-sm">
        {order.items.map((item) => (
          <li key={`${item._id}:${item.variant?._id ?? ''}`} className="flex justify-between gap-3 py-0.5">
            <span className="truncate">
              {item.name}
              {item.variant ? (
                <span className="text-stone-600"> ({describeOptions(item.variant.options)})</span>
              ) : null}
            </span>
            <span className="shrink-0 text-stone-600">
              {item.count} × {formatKsh(item.price)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-stone-700">
          Payment status
          <select
            className="input mt-1"
            value={paymentStatus}
            onChange={(e) => setPaymentStatus(e.target.value as PaymentStatus)}
          >
            {paymentOptions.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-stone-700">
          Delivery status
          <select
            className="input mt-1"
            value={deliveryStatus}
            onChange={(e) => setDeliveryStatus(e.target.value as DeliveryStatus)}
          >
            {deliveryOptions.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {markingPaid ? (
        <label className="mt-4 block text-sm font-medium text-stone-700">
          M-Pesa receipt or reason
          <input
            className="input mt-1"
            value={evidence}
            onChange={(e) => setEvidence(e.target.value)}
            placeholder="NLJ7RT61SV, or e.g. cash on delivery"
            maxLength={200}
          />
          <span className="mt-1 block text-xs font-normal text-stone-600">
            Required: what is still owed is recorded as a payment with this receipt or reason.
          </span>
        </label>
      ) : null}
      {order.paymentStatus === 'paid' || order.paymentStatus === 'refunded' ? null : (
        <p className="mt-3 rounded-xl bg-gold-400/15 px-3 py-2 text-sm text-stone-700">
          Mark payment as Paid before updating delivery.
        </p>
      )}
      {order.paidAmount > 0 || order.refundedAmount > 0 ? (
        <p className="mt-3 text-sm text-stone-700" data-testid="admin-order-money">
          Paid {formatKsh(order.paidAmount)}
          {order.refundedAmount > 0 ? ` · refunded ${formatKsh(order.refundedAmount)}` : ''}
        </p>
      ) : null}
      <OrderRefunds order={order} forAdmin />
      <OrderMessages orderId={order._id} />
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={save} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </Modal>
  );
}

const SMS_STATUS: Record<string, string> = { queued: 'waiting', sent: 'sent', failed: 'failed' };

/** The customer's SMS about this order; a failure shows its reason. */
function OrderMessages({ orderId }: { orderId: string }) {
  const messages = useOrderMessages(orderId);
  if (!messages.data || messages.data.length === 0) return null;
  return (
    <section aria-label="SMS to the customer" className="mt-3 text-sm">
      <h3 className="font-semibold text-ink">SMS to the customer</h3>
      <ul className="mt-1 space-y-0.5">
        {messages.data.map((m) => (
          <li
            key={m.event}
            className={m.status === 'failed' || m.lastError ? 'text-red-700' : 'text-stone-600'}
          >
            {m.event}: {SMS_STATUS[m.status] ?? m.status}
            {m.lastError ? ` (${m.attempts} tries; ${m.lastError})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
