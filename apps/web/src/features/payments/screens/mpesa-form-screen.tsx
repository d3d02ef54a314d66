import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useParams } from 'wouter';
import { manualPaymentBodySchema } from '@urembo/contract/payments';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { useOrder } from '../../../app/data/orders';
import { paidSoFar, paymentStateText, useOrderPayments, useSubmitManualPayment } from '../api';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { useT } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

type Field = 'receipt' | 'fullName' | 'amount';

function FormField({
  label,
  hint,
  error,
  children,
  id,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** /mpesa-form/:id: receipt number, full name and amount of a payment made with the paybill. */
export default function MpesaFormScreen() {
  const t = useT();
  useDocumentTitle(t('receipt.title'));
  const { id: orderId = '' } = useParams<{ id: string }>();
  const { data: user, isPending } = useAuthUser();
  const submit = useSubmitManualPayment();
  const order = useOrder(orderId);
  const payments = useOrderPayments(orderId, !!user);
  const [, navigate] = useLocation();
  const [receipt, setReceipt] = useState('');
  const [fullName, setFullName] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = { receipt: useId(), fullName: useId(), amount: useId(), order: useId() };

  if (isPending) return <Spinner label={t('receipt.loading')} />;
  if (!user) return <SignedOutNotice reason={t('payment.signedOut')} />;
  const name = fullName ?? user.fullName;
  // Pre-filled with what is still owed, so nobody pays (or declares) twice.
  const owed = order.data ? Math.max(0, order.data.totalAmount - paidSoFar(payments.data)) : null;
  const amountValue = amount ?? (owed ? String(owed) : '');
  const reference = order.data?.reference ?? '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = manualPaymentBodySchema.safeParse({
      ID: 'user-mpesa-form',
      fullName: name,
      amount: amountValue.replace(/[,\s]/g, '') || undefined,
      order: orderId,
      receipt,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= inLanguage(issue.message, t.lang);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: (payment) => {
        toast.success(payment.status ? t('receipt.paid') : paymentStateText(payment));
        navigate(`/order/${orderId}`);
      },
      onError: (error) => {
        const message = errorMessage(error, t('receipt.failed'));
        if (error instanceof ApiRequestError && error.details) {
          const next: Partial<Record<Field, string>> = {};
          for (const d of error.details)
            if (['receipt', 'fullName', 'amount'].includes(d.path)) next[d.path as Field] = d.message;
          setErrors(next);
          // Shown beside its field: the banner never repeats it with a field path.
          if (Object.keys(next).length > 0) return;
        }
        setServerError(message);
        toast.error(message);
      },
    });
  }

  const clearError = (field: Field) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const describe = (field: Field) => (errors[field] ? `${ids[field]}-error` : `${ids[field]}-hint`);

  return (
    <section className="mx-auto max-w-lg px-4 py-8 sm:py-12">
      <Link to={`/order/${orderId}`} className="text-sm font-medium text-brand-700 hover:underline">
        {t('receipt.back')}
      </Link>
      <h1 className="mt-3 font-display text-3xl font-semibold text-brand-800">{t('receipt.heading')}</h1>
      <p className="mt-2 text-stone-600">{t('receipt.intro')}</p>
      {payments.data && payments.data.length > 0 ? (
        <ul className="mt-4 space-y-1 rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
          {payments.data.map((p) => (
            <li key={p._id} className="flex flex-wrap justify-between gap-x-3">
              <span className="font-mono">{p.receipt ?? t('pay.prompt')}</span>
              <span>{paymentStateText(p)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <form onSubmit={onSubmit} noValidate className="card mt-6 flex flex-col gap-4 p-5 sm:p-6">
        {serverError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
            {serverError}
          </p>
        ) : null}
        <FormField
          id={ids.receipt}
          label={t('receipt.receipt')}
          hint={t('receipt.receiptHint')}
          error={errors.receipt}
        >
          <input
            id={ids.receipt}
            className="input font-mono uppercase tracking-wider"
            required
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={14}
            value={receipt}
            onChange={(e) => {
              setReceipt(e.target.value);
              clearError('receipt');
            }}
            aria-invalid={errors.receipt ? true : undefined}
            aria-describedby={describe('receipt')}
          />
        </FormField>
        <FormField
          id={ids.fullName}
          label={t('form.fullName')}
          hint={t('receipt.nameHint')}
          error={errors.fullName}
        >
          <input
            id={ids.fullName}
            className="input"
            required
            autoComplete="name"
            value={name}
            onChange={(e) => {
              setFullName(e.target.value);
              clearError('fullName');
            }}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describe('fullName')}
          />
        </FormField>
        <FormField
          id={ids.amount}
          label={t('receipt.amount')}
          hint={t('receipt.amountHint')}
          error={errors.amount}
        >
          <input
            id={ids.amount}
            className="input"
            required
            inputMode="numeric"
            autoComplete="off"
            value={amountValue}
            onChange={(e) => {
              setAmount(e.target.value);
              clearError('amount');
            }}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describe('amount')}
          />
        </FormField>
        <FormField id={ids.order} label={t('receipt.order')}>
          <input
            id={ids.order}
            className="input bg-stone-100 font-mono text-stone-600"
            value={reference}
            disabled
          />
        </FormField>
        <button type="submit" className="btn-primary mt-2" disabled={submit.isPending}>
          {submit.isPending ? t('receipt.submitting') : t('receipt.submit')}
        </button>
      </form>
    </section>
  );
}
