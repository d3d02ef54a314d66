import { Link, useParams } from 'wouter';
import { formatKsh } from '@urembo/contract/money';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicConfig } from '../../../lib/public-config';
import { useResolveTransaction } from '../api';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { useT } from '../../../i18n/i18n';

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={36}
      height={36}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      aria-hidden="true"
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={34}
      height={34}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      aria-hidden="true"
    >
      <path d="M7 7l10 10M17 7 7 17" strokeLinecap="round" />
    </svg>
  );
}

/**
 * /payment/:id: follows the STK request until it is final, every 3 seconds. "Paid" shows in green; a
 * failed or cancelled prompt shows Safaricom's reason in red with a way back to the order to try again.
 */
export default function PaymentScreen() {
  const t = useT();
  useDocumentTitle(t('payment.title'));
  const { id = '' } = useParams<{ id: string }>();
  const resolve = useResolveTransaction(id);
  const instructions = usePublicConfig().data?.mpesa;
  const answer = resolve.data;

  if (resolve.error instanceof ApiRequestError && resolve.error.status === 401)
    return <SignedOutNotice reason={t('payment.signedOut')} />;

  let body;
  if (!answer) {
    body = resolve.isError ? (
      <>
        <h1 className="font-display text-2xl font-semibold text-brand-800">{t('payment.notFound')}</h1>
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(resolve.error, t('pay.failed'))}
        </p>
        <Link to="/orders/all" className="btn-primary mt-6">
          {t('payment.myOrders')}
        </Link>
      </>
    ) : (
      <Spinner label={t('payment.checking')} className="py-10" />
    );
  } else if (answer.status === 'pending') {
    body = (
      <>
        <Spinner label={t('payment.waiting')} className="py-4" />
        <h1 className="mt-2 font-display text-2xl font-semibold text-brand-800">{t('payment.checkPhone')}</h1>
        <p className="mt-2 text-stone-700" role="status">
          {answer.message}
        </p>
        <p className="mt-4 text-sm text-stone-500">
          {t('payment.amountNote', { amount: formatKsh(answer.amount) })}
        </p>
        {instructions?.simulator ? (
          <a
            href="/dev/phone"
            target="_blank"
            rel="noopener"
            className="mt-5 inline-block rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
          >
            {t('payment.demoPhone')}
          </a>
        ) : null}
      </>
    );
  } else if (answer.status === 'paid') {
    body = (
      <>
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckIcon />
        </span>
        <h1 className="mt-4 font-display text-2xl font-semibold text-brand-800">{t('payment.received')}</h1>
        <p className="mt-2 text-3xl font-bold text-green-700" role="status">
          {answer.message}
        </p>
        <p className="mt-3 text-stone-600">{t('payment.thanks', { amount: formatKsh(answer.amount) })}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={`/order/${answer.order}`} className="btn-primary">
            {t('payment.viewOrder')}
          </Link>
          <Link to="/shop" className="btn-outline">
            {t('payment.continue')}
          </Link>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-red-100 text-red-700">
          <CrossIcon />
        </span>
        <h1 className="mt-4 font-display text-2xl font-semibold text-brand-800">
          {answer.status === 'cancelled' ? t('payment.cancelled') : t('payment.notCompleted')}
        </h1>
        <p className="mt-2 font-medium text-red-700" role="alert">
          {answer.message}
        </p>
        <p className="mt-3 text-sm text-stone-600">
          {answer.status === 'cancelled' ? `${t('payment.noMoney')} ` : ''}
          {t('payment.tryAgain')}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={`/order/${answer.order}`} className="btn-primary">
            {t('payment.backToOrder')}
          </Link>
        </div>
      </>
    );
  }

  return (
    <section className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="card flex flex-col items-center px-6 py-10 text-center">{body}</div>
    </section>
  );
}
