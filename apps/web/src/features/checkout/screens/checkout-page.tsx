import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Address } from '@urembo/contract/addresses';
import { formatKsh } from '@urembo/contract/money';
import { describeOptions } from '@urembo/contract/variants';
import type { OrderLine } from '@urembo/contract/orders';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import toast from 'react-hot-toast';
import { Link, Redirect, useLocation } from 'wouter';
import { MapPinIcon, ShieldIcon } from '../../../components/icons';
import { FreeDeliveryNote } from '../../../components/free-delivery-note';
import { Modal } from '../../../components/modal';
import { ProductThumb } from '../../../components/product-thumb';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { clearCheckoutData, readCheckoutData, type CheckoutItem } from '../../../lib/checkout-data';
import { usePublicConfig } from '../../../lib/public-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { AddressForm, useAddresses } from '../../../app/data/addresses';
import {
  newIdempotencyKey,
  pickDefaultAddress,
  useCreateOrder,
  useOrderQuote,
  useTryDiscountCode,
} from '../api';
import { useT } from '../../../i18n/i18n';

/** /checkout: delivery address, payment method, the server's summary, and placing the order. */
export function CheckoutPage() {
  const t = useT();
  useDocumentTitle(t('checkout.title'));
  // Read once: after the order is placed the data is removed, and the page must not bounce to /shop meanwhile.
  const [items] = useState<CheckoutItem[] | null>(() => readCheckoutData());
  const { data: user, isPending: authPending } = useAuthUser();

  if (!items) return <Redirect to="/shop" replace />;
  if (authPending) return <Spinner label={t('checkout.loading')} />;
  if (!user) return <SignedOutNotice reason={t('checkout.signedOut')} />;
  return <Checkout items={items} userId={user._id} />;
}

function Checkout({ items, userId }: { items: CheckoutItem[]; userId: string }) {
  const t = useT();
  const addresses = useAddresses(userId);
  // The address the customer picked; until then the default (or the first the shop still delivers to).
  const [chosenId, setChosenId] = useState<string | null>(null);
  const address = addresses.data?.find((a) => a._id === chosenId) ?? pickDefaultAddress(addresses.data);
  const orderItems = items.map(({ _id, count, variant }) => ({
    _id,
    count,
    ...(variant ? { variant } : {}),
  }));
  // The code the server accepted (the quote and the order send it), and why the last one tried was refused.
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const quote = useOrderQuote(orderItems, address, !addresses.isPending, discountCode);
  const quoteRefusal = discountRefusal(quote.error);
  useEffect(() => {
    // A code that stopped applying since it was accepted (used up meanwhile): say why and price without it.
    if (quoteRefusal && discountCode) {
      setRefusal(quoteRefusal);
      setDiscountCode(null);
    }
  }, [quoteRefusal, discountCode]);
  const [confirming, setConfirming] = useState<{ key: string } | null>(null);
  // The server refused the order for stock (409): its message, and each short line's note by position.
  const [short, setShort] = useState<{ message: string; lines: Map<number, string> } | null>(null);

  // Lines short of stock: from the order's refusal, or already from the quote.
  const shortNotes = short?.lines ?? shortLines(quote.error);
  const itemCount = items.reduce((sum, item) => sum + item.count, 0);
  const lines: (OrderLine | CheckoutItem)[] = quote.data?.items ?? items;
  const ready = !!address && quote.isSuccess && !quote.isPlaceholderData && quote.data.totalAmount !== null;

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="font-display text-3xl font-semibold text-brand-800">{t('checkout.title')}</h1>
      <div className="mt-6 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="space-y-5">
          <ShippingPanel
            addresses={addresses.data ?? []}
            address={address}
            onChoose={setChosenId}
            isPending={addresses.isPending}
            failed={addresses.isError}
          />
          <PaymentMethodPanel />
          <section className="card p-5" aria-labelledby="product-list-heading">
            <h2 id="product-list-heading" className="font-display text-xl font-semibold text-brand-800">
              {t('checkout.products')}
            </h2>
            <ul className="mt-4 divide-y divide-stone-100">
              {lines.map((line, index) => (
                <li
                  key={`${line._id}:${lineOptions(line) ? describeOptions(lineOptions(line)!) : ''}`}
                  className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <ProductThumb src={line.images[0]} alt={line.name} size={64} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{line.name}</p>
                    {lineOptions(line) ? (
                      <p className="text-sm font-medium text-stone-700">
                        {describeOptions(lineOptions(line)!)}
                      </p>
                    ) : null}
                    <p className="text-sm text-stone-500">{t('checkout.quantity', { count: line.count })}</p>
                    {shortNotes?.has(index) ? (
                      <p className="text-sm font-semibold text-red-700" data-testid="short-line">
                        {shortNotes.get(index)}
                      </p>
                    ) : null}
                  </div>
                  <p className="shrink-0 font-semibold text-brand-800">{formatKsh(line.price)}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="card p-5 lg:sticky lg:top-32" aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="font-display text-xl font-semibold text-brand-800">
            {t('checkout.summary')}
          </h2>
          <dl className="mt-4 space-y-2 text-sm" aria-busy={quote.isFetching}>
            <div className="flex justify-between">
              <dt className="text-stone-600">{t('checkout.productCount')}</dt>
              <dd>{itemCount}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-stone-600">{t('checkout.subtotal')}</dt>
              <dd>{quote.data ? formatKsh(quote.data.subtotal) : '…'}</dd>
            </div>
            {quote.data?.discount ? (
              <div className="flex justify-between text-emerald-800">
                <dt>{t('checkout.discount', { code: quote.data.discount.code })}</dt>
                <dd data-testid="checkout-discount">− {formatKsh(quote.data.discount.amount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt className="text-stone-600">{t('checkout.deliveryFee')}</dt>
              <dd>
                {quote.data?.shippingFee === 0
                  ? t('checkout.free')
                  : quote.data?.shippingFee != null
                    ? formatKsh(quote.data.shippingFee)
                    : address || quote.isPending
                      ? '…'
                      : t('checkout.needsAddress')}
              </dd>
            </div>
            <div className="flex justify-between border-t border-stone-100 pt-3 text-base font-semibold">
              <dt>{t('checkout.total')}</dt>
              <dd data-testid="checkout-total">
                {quote.data?.totalAmount != null ? formatKsh(quote.data.totalAmount) : '—'}
              </dd>
            </div>
          </dl>
          <FreeDeliveryNote
            className="mt-2"
            amount={quote.data ? quote.data.subtotal - (quote.data.discount?.amount ?? 0) : null}
          />
          <DiscountCodeField
            items={orderItems}
            applied={quote.data?.discount ?? null}
            refusal={refusal}
            onApplied={(code) => {
              setRefusal(null);
              setDiscountCode(code);
            }}
            onRefused={setRefusal}
            onRemove={() => {
              setRefusal(null);
              setDiscountCode(null);
            }}
          />
          {quote.isError && !short && !quoteRefusal ? (
            <div role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
              <p>{errorMessage(quote.error, t('checkout.priceFailed'))}</p>
              {shortNotes ? (
                <Link to="/cart" className="mt-1 inline-block font-semibold underline">
                  {t('checkout.changeCart')}
                </Link>
              ) : null}
            </div>
          ) : null}
          {short ? (
            <div role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
              <p>{short.message}</p>
              <Link to="/cart" className="mt-1 inline-block font-semibold underline">
                {t('checkout.changeCart')}
              </Link>
            </div>
          ) : null}
          <button
            type="button"
            className="btn-primary mt-5 w-full"
            disabled={!ready || short !== null}
            onClick={() => setConfirming({ key: newIdempotencyKey() })}
          >
            {address || addresses.isPending ? t('checkout.proceed') : t('checkout.addAddressFirst')}
          </button>
        </aside>
      </div>

      {address && quote.data?.totalAmount != null ? (
        <ConfirmOrderDialog
          open={confirming !== null}
          idempotencyKey={confirming?.key ?? ''}
          onClose={() => setConfirming(null)}
          address={address}
          items={orderItems}
          discountCode={discountCode}
          total={quote.data.totalAmount}
          onShort={setShort}
          onDiscountRefused={(reason) => {
            setRefusal(reason);
            setDiscountCode(null);
          }}
        />
      ) : null}
    </section>
  );
}

function addressLine(address: Pick<Address, 'country' | 'county' | 'town' | 'location'>): string {
  return [address.location, address.town, address.county, address.country].filter(Boolean).join(', ');
}

function ShippingPanel({
  addresses,
  address,
  onChoose,
  isPending,
  failed,
}: {
  addresses: Address[];
  address: Address | null;
  onChoose: (id: string) => void;
  isPending: boolean;
  failed: boolean;
}) {
  const t = useT();
  const { data: user } = useAuthUser();
  const [adding, setAdding] = useState(false);
  return (
    <section className="card p-5" aria-labelledby="shipping-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="shipping-heading" className="font-display text-xl font-semibold text-brand-800">
          {t('checkout.shipping')}
        </h2>
        {!isPending && user ? (
          <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setAdding(true)}>
            {t('checkout.addAddress')}
          </button>
        ) : null}
      </div>
      {isPending ? (
        <Spinner label={t('checkout.loadingAddress')} className="py-6" />
      ) : addresses.length > 0 ? (
        <fieldset className="mt-3">
          <legend className="sr-only">{t('checkout.deliverTo')}</legend>
          <ul className="space-y-2">
            {addresses.map((a) => {
              const chosen = a._id === address?._id;
              return (
                <li key={a._id}>
                  <label
                    className={`flex cursor-pointer gap-3 rounded-xl px-3 py-3 ring-1 ${
                      chosen ? 'bg-brand-50 ring-2 ring-brand-400' : 'ring-stone-200 hover:bg-stone-50'
                    }`}
                    data-testid="checkout-address"
                  >
                    <input
                      type="radio"
                      name="delivery-address"
                      className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                      checked={chosen}
                      onChange={() => onChoose(a._id)}
                    />
                    <span className="min-w-0 text-sm leading-relaxed">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="text-base font-semibold text-ink">{a.name}</span>
                        {a.isDefault ? (
                          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                            {t('checkout.default')}
                          </span>
                        ) : null}
                      </span>
                      <span className="block text-stone-700">{formatPhoneForDisplay(a.phone)}</span>
                      {a.email ? <span className="block break-all text-stone-700">{a.email}</span> : null}
                      <span className="flex gap-1.5 text-stone-700">
                        <MapPinIcon width={16} height={16} className="mt-0.5 shrink-0 text-brand-600" />
                        {addressLine(a)}
                      </span>
                      {a.undeliverable ? (
                        <span className="mt-1 block font-medium text-red-700">{a.undeliverable}</span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        <p className="mt-3 rounded-xl bg-gold-400/15 px-3 py-3 text-sm text-stone-700">
          {failed ? t('checkout.addressesFailed') : t('checkout.noAddress')}
        </p>
      )}
      {user ? (
        <Modal open={adding} onClose={() => setAdding(false)} title={t('checkout.addAddress')}>
          {adding ? (
            <AddressForm
              user={user}
              onSaved={(saved) => onChoose(saved._id)}
              onDone={() => setAdding(false)}
            />
          ) : null}
        </Modal>
      ) : null}
    </section>
  );
}

function PaymentMethodPanel() {
  const t = useT();
  const config = usePublicConfig();
  const mpesa = config.data?.mpesa;
  return (
    <section className="card p-5" aria-labelledby="payment-heading">
      <h2 id="payment-heading" className="font-display text-xl font-semibold text-brand-800">
        {t('checkout.paymentMethod')}
      </h2>
      <p className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-800">
        <ShieldIcon width={18} height={18} className="shrink-0" />
        {t('checkout.trusted')}
      </p>
      <div className="mt-4 flex items-center gap-4 rounded-xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-100">
        <span className="shrink-0 whitespace-nowrap rounded-lg bg-emerald-700 px-2.5 py-1.5 text-xs font-bold tracking-wide text-white">
          M-PESA
        </span>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-stone-600">{t('checkout.paybill')}</dt>
          <dd className="font-semibold tabular-nums text-ink">{mpesa?.paybill ?? '…'}</dd>
          <dt className="text-stone-600">{t('checkout.account')}</dt>
          <dd className="font-semibold text-ink">
            {mpesa ? (mpesa.accountIsOrderReference ? t('checkout.yourReference') : mpesa.account) : '…'}
          </dd>
        </dl>
      </div>
      {/* The same destination as the order page, explained once here. */}
      <p className="mt-3 text-sm text-stone-600">
        {mpesa?.accountIsOrderReference ? t('checkout.afterOrderRef') : t('checkout.afterOrder')}
      </p>
    </section>
  );
}

function ConfirmOrderDialog({
  open,
  idempotencyKey,
  onClose,
  address,
  items,
  discountCode,
  total,
  onShort,
  onDiscountRefused,
}: {
  open: boolean;
  idempotencyKey: string;
  onClose: () => void;
  address: Address;
  items: { _id: string; variant?: string; count: number }[];
  discountCode: string | null;
  total: number;
  onShort: (short: { message: string; lines: Map<number, string> }) => void;
  onDiscountRefused: (reason: string) => void;
}) {
  const t = useT();
  const createOrder = useCreateOrder();
  const [, navigate] = useLocation();
  const offersWhatsApp = usePublicConfig().data?.whatsappUpdates ?? false;
  const [onWhatsApp, setOnWhatsApp] = useState(false);

  function confirm() {
    createOrder.mutate(
      {
        idempotencyKey,
        body: {
          name: address.name,
          phone: address.phone,
          email: address.email ?? '',
          country: address.country,
          county: address.county,
          town: address.town,
          location: address.location,
          items,
          ...(offersWhatsApp && onWhatsApp ? { whatsapp: true } : {}),
          ...(discountCode ? { discountCode } : {}),
        },
      },
      {
        onSuccess: (order) => {
          toast.success(t('checkout.created'));
          onClose();
          clearCheckoutData();
          navigate(`/order/${order._id}`);
        },
        onError: (error) => {
          toast.error(errorMessage(error, t('checkout.failed')));
          const lines = shortLines(error);
          if (lines) {
            onShort({ message: errorMessage(error), lines });
            onClose();
          }
          const refused = discountRefusal(error);
          if (refused) {
            onDiscountRefused(refused);
            onClose();
          }
        },
      },
    );
  }

  const close = () => {
    if (!createOrder.isPending) onClose();
  };
  return (
    <Modal open={open} onClose={close} title={t('checkout.confirmTitle')}>
      <p className="text-stone-700">{t('checkout.confirmBody')}</p>
      <p className="mt-4 flex items-baseline justify-between rounded-xl bg-cream px-4 py-3">
        <span className="text-sm text-stone-600">{t('checkout.totalToPay')}</span>
        <span className="text-lg font-semibold text-brand-800">{formatKsh(total)}</span>
      </p>
      {offersWhatsApp ? (
        <label className="mt-4 flex items-start gap-3 text-sm text-stone-700">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            checked={onWhatsApp}
            onChange={(event) => setOnWhatsApp(event.target.checked)}
          />
          <span>
            <span className="font-medium text-ink">{t('checkout.whatsapp')}</span>
            <span className="block text-stone-600">
              {t('checkout.whatsappTo', { phone: formatPhoneForDisplay(address.phone) })}
            </span>
          </span>
        </label>
      ) : null}
      <p role="status" className="mt-3 min-h-5 text-sm font-medium text-brand-700">
        {createOrder.isPending ? t('checkout.creating') : ''}
      </p>
      <div className="mt-3 flex justify-end gap-3">
        <button type="button" className="btn-outline" onClick={close} disabled={createOrder.isPending}>
          {t('form.cancel')}
        </button>
        <button type="button" className="btn-primary" onClick={confirm} disabled={createOrder.isPending}>
          {t('checkout.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/**
 * "Discount code" with Apply: the server tries the code on the items and either accepts it (the summary then shows
 * the discount) or says why not, under the field. An applied code can be removed.
 */
function DiscountCodeField({
  items,
  applied,
  refusal,
  onApplied,
  onRefused,
  onRemove,
}: {
  items: { _id: string; variant?: string; count: number }[];
  applied: { code: string; amount: number } | null;
  refusal: string | null;
  onApplied: (code: string) => void;
  onRefused: (reason: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const attempt = useTryDiscountCode(items);

  function apply(event: FormEvent) {
    event.preventDefault();
    const code = draft.trim();
    if (!code) {
      onRefused(t('checkout.typeCode'));
      return;
    }
    attempt.mutate(code, {
      onSuccess: () => onApplied(code),
      onError: (error) => onRefused(discountRefusal(error) ?? errorMessage(error, t('checkout.codeFailed'))),
    });
  }

  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm ring-1 ring-emerald-100">
        <p className="text-emerald-900">{t('checkout.codeApplied', { code: applied.code })}</p>
        <button type="button" className="font-medium text-brand-700 underline" onClick={onRemove}>
          {t('checkout.remove')}
        </button>
      </div>
    );
  }
  return (
    <form className="mt-4" onSubmit={apply} noValidate aria-label={t('checkout.discountCode')}>
      <label htmlFor={`${id}-code`} className="mb-1 block text-sm font-medium text-stone-700">
        {t('checkout.discountCode')}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          className="input min-w-0 flex-1 uppercase"
          value={draft}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn-outline shrink-0 px-4" disabled={attempt.isPending}>
          {attempt.isPending ? t('checkout.checking') : t('checkout.apply')}
        </button>
      </div>
      {refusal ? (
        <p id={`${id}-refusal`} role="alert" className="mt-1.5 text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}

/** The server's reason for refusing a discount code (400 with details on `discountCode`); null for other errors. */
function discountRefusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  return error.details?.some((d) => d.path === 'discountCode') ? error.message : null;
}

/** The options of a line's variant ("Shade: Mocha"), from the quote or from what the cart saved; null without. */
function lineOptions(line: OrderLine | CheckoutItem): Record<string, string> | null {
  if ('variant' in line && line.variant && typeof line.variant === 'object') return line.variant.options;
  return 'options' in line && line.options ? line.options : null;
}

/** The lines an order was refused for (409 with details `items.N.count`), by position; null for other errors. */
export function shortLines(error: unknown): Map<number, string> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409 || !error.details) return null;
  const lines = new Map<number, string>();
  for (const detail of error.details) {
    const match = /^items\.(\d+)\.count$/.exec(detail.path);
    if (match) lines.set(Number(match[1]), detail.message);
  }
  return lines.size > 0 ? lines : null;
}
