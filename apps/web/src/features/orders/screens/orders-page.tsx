import { FORMER_ORDER_PAGES, ORDER_TABS, type OrderTab } from '@urembo/contract/order-status';
import { Link, Redirect, useParams } from 'wouter';
import { PackageIcon } from '../../../components/icons';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { VerifyPhoneBanner } from '../../../components/verify-phone-banner';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { useMyOrders } from '../api';
import { OrderCard } from '../components/order-card';
import { useT } from '../../../i18n/i18n';

/**
 * /orders/:tab: the customer's orders by what they wait for (to pay, to deliver), delivered, cancelled, or all.
 * The former status pages (/orders/pending, /orders/paid...) lead to the tab that replaced them.
 */
export function OrdersPage() {
  const params = useParams<{ status?: string }>();
  const slug = params.status ?? '';
  const tab = ORDER_TABS.find((t) => t.slug === slug);
  if (!tab) return <Redirect to={`/orders/${FORMER_ORDER_PAGES[slug] ?? 'all'}`} replace />;
  return <OrdersOfTab tab={tab} />;
}

function OrdersOfTab({ tab }: { tab: OrderTab }) {
  const t = useT();
  const label = t(`orders.tab.${tab.slug}`);
  useDocumentTitle(t('orders.title', { tab: label }));
  const { data: user, isPending: authPending } = useAuthUser();
  const orders = useMyOrders(tab);

  if (authPending) return <Spinner label={t('orders.loading')} />;
  if (!user) return <SignedOutNotice reason={t('orders.signedOut')} />;

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="font-display text-3xl font-semibold text-brand-800">{t('orders.heading')}</h1>
      <VerifyPhoneBanner user={user} className="mt-5" />
      <div className="mt-5 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label={t('orders.filter')} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
          <ul className="flex gap-1.5 md:flex-col md:gap-1">
            {ORDER_TABS.map((each) => (
              <li key={each.slug}>
                <Link
                  to={`/orders/${each.slug}`}
                  aria-current={each.slug === tab.slug ? 'page' : undefined}
                  className={`block whitespace-nowrap rounded-full px-3.5 py-2 text-sm font-medium transition-colors md:rounded-xl ${
                    each.slug === tab.slug
                      ? 'bg-brand-700 text-white'
                      : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:text-brand-700 md:bg-transparent md:ring-0 md:hover:bg-brand-50'
                  }`}
                >
                  {t(`orders.tab.${each.slug}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-5 md:mt-0">
          {orders.isPending ? (
            <Spinner label={t('orders.loading')} />
          ) : orders.isError ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
              {t('orders.error')}
            </p>
          ) : orders.data.length === 0 ? (
            <div className="card flex flex-col items-center px-6 py-12 text-center">
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <PackageIcon width={26} height={26} />
              </span>
              <p className="mt-4 font-semibold text-ink">{t(`orders.empty.${tab.slug}.title`)}</p>
              <p className="mt-1 text-sm text-stone-600">{t(`orders.empty.${tab.slug}.text`)}</p>
              <Link to="/shop" className="btn-primary mt-6">
                {t('orders.shop')}
              </Link>
            </div>
          ) : (
            <ul className="space-y-3" aria-label={t('orders.list', { tab: label })}>
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
