import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import { formatKsh } from '@urembo/contract/money';
import { stkPhoneFromProfile, stkPushBodySchema } from '@urembo/contract/payments';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { useAuthUser } from '../../../app/data/session';
import { errorMessage } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { paidSoFar, paymentStateText, useOrderPayments, useStartStkPush } from '../api';
import { useT } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

export interface PayableOrder {
  _id: string;
  reference: string;
  phone: string;
  totalAmount: number;
}

/** The phone to prefill: the signed-in customer's, else the order's, shown as 0712 345 678. */
function prefillPhone(userPhone: string | undefined, orderPhone: string): string {
  const phone = stkPhoneFromProfile(userPhone) || stkPhoneFromProfile(orderPhone);
  return phone ? formatPhoneForDisplay(phone) : '';
}

function Step({ n, children }: { n: number; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-green-100 text-xs font-bold text-green-800">
        {n}
      </span>
      <span className="pt-0.5">{children}</span>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-0.5 font-mono text-lg font-semibold tracking-wider text-ink">{value}</dd>
    </div>
  );
}

/**
 * The order page's unpaid block: an STK prompt to the customer's phone, the paybill
 * instructions, and the manual form for a payment already made. Mounted by the order page while it is unpaid.
 */
export function PayWithMpesa({ order }: { order: PayableOrder }) {
  const t = useT();
  const { data: user } = useAuthUser();
  const { data: publicConfig, isError } = usePublicConfig();
  const instructions = publicConfig?.mpesa;
  const push = useStartStkPush(order._id);
  const payments = useOrderPayments(order._id);
  const owed = Math.max(0, order.totalAmount - paidSoFar(payments.data));
  const account = instructions?.accountIsOrderReference ? order.reference : instructions?.account;
  const [, navigate] = useLocation();
  const [phone, setPhone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const phoneId = useId();
  const problemId = useId();
  const value = phone ?? prefillPhone(user?.phone, order.phone);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = stkPushBodySchema.safeParse({ phone: value });
    if (!parsed.success) {
      setProblem(inLanguage(parsed.error.issues[0]?.message ?? t('pay.enterPhone'), t.lang));
      return;
    }
    setProblem(null);
    push.mutate(parsed.data.phone, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        navigate(`/payment/${answer._id}`);
      },
      onError: (error) => {
        const message = errorMessage(error, t('pay.failed'));
        setProblem(message);
        toast.error(message);
      },
    });
  }

  const stkPush = instructions?.stkPush ?? true;

  return (
    <section aria-labelledby={`${phoneId}-title`} className="card overflow-hidden">
      <div className="flex items-center justify-between gap-3 bg-green-700 px-5 py-3 text-white">
        <h2 id={`${phoneId}-title`} className="font-display text-xl font-semibold">
          {t('pay.title')}
        </h2>
        <p className="text-sm">
          {owed < order.totalAmount ? t('pay.stillToPay') : t('pay.amount')}{' '}
          <span className="font-semibold" data-testid="amount-owed">
            {formatKsh(owed)}
          </span>
        </p>
      </div>

      <div className="grid gap-6 p-5 md:grid-cols-2 md:gap-8">
        {stkPush ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
            <h3 className="font-semibold text-ink">{t('pay.promptTitle')}</h3>
            <p className="text-sm text-stone-600">{t('pay.promptBody')}</p>
            <div>
              <label htmlFor={phoneId} className="mb-1 block text-sm font-medium text-stone-700">
                {t('pay.phoneLabel')}
              </label>
              <input
                id={phoneId}
                className="input"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="0712 345 678"
                value={value}
                onChange={(e) => setPhone(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
              />
              {problem ? (
                <p id={problemId} role="alert" className="mt-1.5 text-sm text-red-700">
                  {problem}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              className="btn bg-green-700 text-white hover:bg-green-800"
              disabled={push.isPending}
            >
              {push.isPending ? t('pay.sending') : t('pay.title')}
            </button>
            {instructions?.simulator ? (
              <p className="rounded-xl bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200">
                {t('pay.demo')}{' '}
                <a href="/dev/phone" target="_blank" rel="noopener" className="font-semibold underline">
                  {t('pay.testPhone')}
                </a>
                .
              </p>
            ) : null}
          </form>
        ) : null}

        <div className="flex flex-col gap-3">
          <h3 className="font-semibold text-ink">{stkPush ? t('pay.orPaybill') : t('pay.paybill')}</h3>
          {instructions ? (
            <>
              <ol className="space-y-2 text-sm text-stone-700">
                <Step n={1}>{t('pay.step1')}</Step>
                <Step n={2}>{t('pay.step2', { amount: formatKsh(owed) })}</Step>
                <Step n={3}>
                  {instructions.accountIsOrderReference ? t('pay.step3Auto') : t('pay.step3Receipt')}
                </Step>
              </ol>
              <dl className="grid grid-cols-2 gap-2">
                <Figure label={t('pay.business')} value={instructions.paybill} />
                <Figure label={t('pay.accountNumber')} value={account ?? ''} />
              </dl>
              {instructions.simulator ? (
                <a
                  href={`/dev/phone/paybill?business=${instructions.paybill}&account=${encodeURIComponent(account ?? '')}&amount=${owed}`}
                  target="_blank"
                  rel="noopener"
                  className="self-start rounded-xl bg-amber-50 px-3 py-2 text-xs font-medium text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
                >
                  {t('pay.demoMenu')}
                </a>
              ) : null}
            </>
          ) : isError ? (
            <p className="text-sm text-red-700">{t('pay.paybillFailed')}</p>
          ) : (
            <div className="h-32 animate-pulse rounded-xl bg-stone-100" aria-hidden="true" />
          )}
          <Link to={`/mpesa-form/${order._id}`} className="btn-outline self-start">
            {t('pay.alreadyPaid')}
          </Link>
          {payments.data && payments.data.length > 0 ? (
            <div aria-label={t('pay.received')} className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
              <h4 className="text-sm font-semibold text-ink">{t('pay.yours')}</h4>
              <ul className="mt-1 divide-y divide-stone-200 text-sm" data-testid="order-payments">
                {payments.data.map((p) => (
                  <li key={p._id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                    <span className="font-mono">{p.receipt ?? t('pay.prompt')}</span>
                    <span>{formatKsh(p.amount)}</span>
                    <span
                      className={`w-full text-xs ${p.status && !p.flag ? 'text-green-700' : 'text-stone-600'}`}
                    >
                      {paymentStateText(p)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
