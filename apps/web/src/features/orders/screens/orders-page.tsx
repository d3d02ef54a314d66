import {
  ORDER_FILTERS,
  ORDER_STATUS_FILTERS,
  STATUS_LABELS,
  type OrderStatusFilter,
} from '@urembo/contract/order-status';
import { Link, Redirect, useParams } from 'wouter';
import { PackageIcon } from '../../../components/icons';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { useMyOrders } from '../api';
import { OrderCard } from '../components/order-card';

function isStatus(value: string | undefined): value is OrderStatusFilter {
  return (ORDER_STATUS_FILTERS as readonly string[]).includes(value ?? '');
}

/** /orders/:status: the customer's orders whose payment or delivery status is the chosen one. */
export function OrdersPage() {
  const params = useParams<{ status?: string }>();
  const status = params.status;
  if (!isStatus(status)) return <Redirect to="/orders/pending" replace />;
  return <OrdersForStatus status={status} />;
}

function OrdersForStatus({ status }: { status: OrderStatusFilter }) {
  const label = STATUS_LABELS[status];
  useDocumentTitle(`My Orders - ${label}`);
  const { data: user, isPending: authPending } = useAuthUser();
  const orders = useMyOrders(status);

  if (authPending) return <Spinner label="Loading your orders" />;
  if (!user) return <SignedOutNotice reason="Sign up or sign in to follow your orders." />;

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="font-display text-3xl font-semibold text-brand-800">My Orders</h1>
      <div className="mt-5 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label="Order status" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
          <ul className="flex gap-1.5 md:flex-col md:gap-1">
            {ORDER_FILTERS.map((filter) => (
              <li key={filter}>
                <Link
                  to={`/orders/${filter}`}
                  aria-current={filter === status ? 'page' : undefined}
                  className={`block whitespace-nowrap rounded-full px-3.5 py-2 text-sm font-medium transition-colors md:rounded-xl ${
                    filter === status
                      ? 'bg-brand-700 text-white'
                      : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:text-brand-700 md:bg-transparent md:ring-0 md:hover:bg-brand-50'
                  }`}
                >
                  {STATUS_LABELS[filter]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-5 md:mt-0">
          {orders.isPending ? (
            <Spinner label="Loading your orders" />
          ) : orders.isError ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
              Error loading orders
            </p>
          ) : orders.data.length === 0 ? (
            <div className="card flex flex-col items-center px-6 py-12 text-center">
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <PackageIcon width={26} height={26} />
              </span>
              <p className="mt-4 font-semibold text-ink">No {label.toLowerCase()} orders</p>
              <p className="mt-1 text-sm text-stone-600">
                Orders you place show up here until they reach you.
              </p>
              <Link to="/shop" className="btn-primary mt-6">
                Go to the shop
              </Link>
            </div>
          ) : (
            <ul className="space-y-3" aria-label={`${label} orders`}>
              {orders.data.map((order) => (
                <OrderCard key={order._id} order={order} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
