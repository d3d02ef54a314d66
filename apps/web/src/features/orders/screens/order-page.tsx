import { describeOptions } from '@urembo/contract/variants';
import { useState, type ReactNode } from 'react';
import { formatKsh } from '@urembo/contract/money';
import type { Order } from '@urembo/contract/orders';
import { customerCanCancel } from '@urembo/contract/order-status';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import toast from 'react-hot-toast';
import { Link, useParams } from 'wouter';
import { MapPinIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { ProductThumb } from '../../../components/product-thumb';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { useCancelOrder, useOrder } from '../api';
import { itemCount, placeLine } from '../components/order-format';
import { StatusBadge } from '../components/status-badge';
import { OrderReceipt } from '../components/order-receipt';
import { OrderReturns } from '../components/order-returns';
import { OrderRefunds, partlyRefunded } from '../components/order-refunds';
import { useDates, useT, type Translator } from '../../../i18n/i18n';

/**
 * /order/:id: the order, its lines and totals, and how to pay while it is unpaid. The payment block comes
 * from the payments feature; app/screens/order-screen.tsx puts the two together.
 */
export function OrderPage({ renderPayment }: { renderPayment: (order: Order) => ReactNode }) {
  const t = useT();
  const { id = '' } = useParams<{ id: string }>();
  const { data: user, isPending: authPending } = useAuthUser();
  const order = useOrder(id);

  if (authPending) return <Spinner label={t('order.loading')} />;
  if (!user) return <SignedOutNotice reason={t('order.signedOut')} />;
  if (order.isPending) return <Spinner label={t('order.loading')} />;
  if (order.isError) {
    if (order.error instanceof ApiRequestError && order.error.status === 404) return <OrderNotFound />;
    return <OrderLoadFailed message={errorMessage(order.error, t('order.fetchFailed'))} />;
  }
  return (
    <OrderDetails
      order={order.data}
      isOwner={order.data.user._id === user._id}
      renderPayment={renderPayment}
    />
  );
}

function OrderNotFound() {
  const t = useT();
  useDocumentTitle(t('order.notFoundTitle'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <p className="font-display text-8xl font-bold text-brand-200">404</p>
      <h1 className="mt-4 font-display text-3xl font-semibold text-brand-800">{t('order.notFoundTitle')}</h1>
      <p className="mt-3 text-stone-600">{t('order.notFoundBody')}</p>
      <Link to="/orders/all" className="btn-primary mt-8">
        {t('order.myOrders')}
      </Link>
    </section>
  );
}

function OrderLoadFailed({ message }: { message: string }) {
  const t = useT();
  useDocumentTitle(t('order.title'));
  return (
    <section className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="font-display text-2xl font-semibold text-brand-800">{t('order.loadFailed')}</h1>
      <p className="mt-2 text-stone-600">{message}</p>
      <Link to="/orders/all" className="btn-outline mt-6">
        {t('order.myOrders')}
      </Link>
    </section>
  );
}

function OrderDetails({
  order,
  isOwner,
  renderPayment,
}: {
  order: Order;
  isOwner: boolean;
  renderPayment: (order: Order) => ReactNode;
}) {
  const t = useT();
  const { formatDate } = useDates();
  useDocumentTitle(t('order.titleRef', { reference: order.reference }));
  const count = itemCount(order);
  // A refunded order is not unpaid: its money went back, nothing is asked of the customer.
  const unpaid =
    (order.paymentStatus === 'pending' || order.paymentStatus === 'payment-unsuccessful') &&
    order.deliveryStatus !== 'cancelled';

  return (
    <section className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      <Link to="/orders/all" className="text-sm font-medium text-brand-700 hover:underline">
        {t('order.backToOrders')}
      </Link>
      <header className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-800">
            {t('order.title')} <span data-testid="order-reference">{order.reference}</span>
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            {t.n('order.placed', count, { date: formatDate(order.createdAt, 'dateTime') })}
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-stone-500">{t('status.payment')}</dt>
            <dd>
              <StatusBadge status={order.paymentStatus} kind="Payment" />
              {partlyRefunded(order) ? (
                <span
                  className="ml-1.5 inline-flex items-center whitespace-nowrap rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-inset ring-violet-200"
                  data-testid="partly-refunded"
                >
                  {t('order.partlyRefunded')}
                </span>
              ) : null}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-stone-500">{t('status.delivery')}</dt>
            <dd>
              <StatusBadge status={order.deliveryStatus} kind="Delivery" />
            </dd>
          </div>
        </dl>
      </header>

      <div className="mt-6 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="space-y-5">
          {unpaid ? (
            <div className="space-y-3" data-testid="payment-instructions">
              {order.paymentStatus === 'payment-unsuccessful' ? (
                <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
                  {t('order.lastFailed')}
                </p>
              ) : null}
              {isOwner ? renderPayment(order) : null}
            </div>
          ) : null}
          <OrderReceipt order={order} />
          {order.deliveryStatus === 'cancelled' ? (
            <p className="rounded-2xl bg-stone-100 px-5 py-4 text-stone-700">
              {t('order.cancelledNote', { note: cancelledMoneyNote(order, t) })}
            </p>
          ) : null}
          <OrderRefunds order={order} />

          <section className="card p-5" aria-labelledby="items-heading">
            <h2 id="items-heading" className="font-display text-xl font-semibold text-brand-800">
              {t('order.items')}
            </h2>
            <ul className="mt-4 divide-y divide-stone-100">
              {order.items.map((item) => (
                <li
                  key={`${item._id}:${item.variant?._id ?? ''}`}
                  className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <ProductThumb src={item.images[0]} alt={item.name} size={64} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{item.name}</p>
                    {item.variant ? (
                      <p className="text-sm font-medium text-stone-700" data-testid="order-line-variant">
                        {describeOptions(item.variant.options)}
                      </p>
                    ) : null}
                    <p className="text-sm text-stone-500">
                      {formatKsh(item.price)} × {item.count}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <OrderReturns order={order} />
        </div>

        <div className="space-y-5">
          <section className="card p-5" aria-labelledby="totals-heading">
            <h2 id="totals-heading" className="font-display text-xl font-semibold text-brand-800">
              {t('checkout.summary')}
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-stone-600">{t('checkout.subtotal')}</dt>
                <dd>{formatKsh(order.subtotal)}</dd>
              </div>
              {order.discount ? (
                <div className="flex justify-between text-emerald-800">
                  <dt>{t('checkout.discount', { code: order.discount.code })}</dt>
                  <dd data-testid="order-discount">− {formatKsh(order.discount.amount)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between">
                <dt className="text-stone-600">{t('checkout.deliveryFee')}</dt>
                <dd>{order.shippingFee === 0 ? t('checkout.free') : formatKsh(order.shippingFee)}</dd>
              </div>
              <div className="flex justify-between border-t border-stone-100 pt-3 text-base font-semibold">
                <dt>{t('checkout.total')}</dt>
                <dd data-testid="order-total">{formatKsh(order.totalAmount)}</dd>
              </div>
              {order.paidAmount > 0 ? (
                <div className="flex justify-between text-stone-600">
                  <dt>{t('order.paid')}</dt>
                  <dd data-testid="order-paid">{formatKsh(order.paidAmount)}</dd>
                </div>
              ) : null}
              {order.refundedAmount > 0 ? (
                <div className="flex justify-between font-semibold text-violet-800">
                  <dt>{t('order.refunded')}</dt>
                  <dd data-testid="order-refunded">{formatKsh(order.refundedAmount)}</dd>
                </div>
              ) : null}
            </dl>
            {order.paymentStatus === 'paid' ? (
              <Link to={`/review-order/${order._id}`} className="btn-outline mt-5 w-full">
                {t('order.review')}
              </Link>
            ) : null}
          </section>

          <section className="card p-5" aria-labelledby="shipping-heading">
            <h2 id="shipping-heading" className="font-display text-xl font-semibold text-brand-800">
              {t('order.shipping')}
            </h2>
            <div className="mt-3 flex gap-3 text-sm leading-relaxed">
              <MapPinIcon width={18} height={18} className="mt-0.5 shrink-0 text-brand-600" />
              <div className="min-w-0">
                <p className="font-semibold text-ink">{order.name}</p>
                <p className="text-stone-700">{formatPhoneForDisplay(order.phone)}</p>
                {order.email ? <p className="break-all text-stone-700">{order.email}</p> : null}
                <p className="text-stone-700">{placeLine(order)}</p>
              </div>
            </div>
          </section>

          {isOwner && customerCanCancel(order) ? <CancelOrder order={order} /> : null}
        </div>
      </div>
    </section>
  );
}

/** What a cancelled order's page says about its money: refunded, partly refunded, or on its way back. */
function cancelledMoneyNote(order: Order, t: Translator): string {
  if (order.paymentStatus === 'refunded') {
    return t('order.moneyRefunded', { amount: formatKsh(order.refundedAmount) });
  }
  if (order.refundedAmount > 0) {
    return t('order.moneyPartly', { amount: formatKsh(order.refundedAmount) });
  }
  return order.paymentStatus === 'paid' ? t('order.moneyPending') : '.';
}

function CancelOrder({ order }: { order: Order }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(order._id);
  return (
    <>
      <button
        type="button"
        className="btn w-full border border-stone-300 bg-white text-stone-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700"
        onClick={() => setOpen(true)}
      >
        {t('order.cancel')}
      </button>
      <Modal
        open={open}
        onClose={() => (cancel.isPending ? undefined : setOpen(false))}
        title={t('order.cancelTitle')}
      >
        <p className="text-stone-700">
          {t('order.cancelBody', { reference: order.reference, total: formatKsh(order.totalAmount) })}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            className="btn-outline"
            disabled={cancel.isPending}
            onClick={() => setOpen(false)}
          >
            {t('order.keep')}
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  toast.success(t('order.cancelled'));
                  setOpen(false);
                },
                onError: (error) => toast.error(errorMessage(error, t('order.cancelFailed'))),
              })
            }
          >
            {cancel.isPending ? t('order.cancelling') : t('order.cancel')}
          </button>
        </div>
      </Modal>
    </>
  );
}
