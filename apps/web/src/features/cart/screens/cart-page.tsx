import { isExpired } from '@urembo/contract/product-facts';
import type { CartLine } from '@urembo/contract/orders';
import { MAX_LINE_COUNT } from '@urembo/contract/order-status';
import { formatKsh } from '@urembo/contract/money';
import { TRUNCATE, truncate } from '@urembo/contract/text';
import { describeOptions } from '@urembo/contract/variants';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FreeDeliveryNote } from '../../../components/free-delivery-note';
import { CartIcon } from '../../../components/icons';
import { OrderOnWhatsApp } from '../../../components/order-on-whatsapp';
import { ProductThumb } from '../../../components/product-thumb';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { authHref } from '../../../lib/next-path';
import { saveCheckoutData } from '../../../lib/checkout-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { useAddToCart, useCart, useClearCart, useRemoveFromCart } from '../api';
import { t as pageT, useT } from '../../../i18n/i18n';

/** /cart: the lines with their counts, the server's subtotal, and the way to checkout. */
export function CartPage() {
  const t = useT();
  useDocumentTitle(t('nav.cart'));
  const { data: user, isPending: authPending } = useAuthUser();
  const cart = useCart();
  const clear = useClearCart();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [, navigate] = useLocation();

  if (authPending || cart.isPending) return <Spinner label={t('cart.loading')} />;
  if (cart.isError) {
    return (
      <section className="mx-auto max-w-xl px-6 py-16 text-center">
        <h1 className="font-display text-2xl font-semibold text-brand-800">{t('cart.failed')}</h1>
        <p className="mt-2 text-stone-600">{errorMessage(cart.error)}</p>
        <button type="button" className="btn-primary mt-6" onClick={() => void cart.refetch()}>
          {t('shell.error.retry')}
        </button>
      </section>
    );
  }

  const { data: lines, subtotal } = cart.data;
  if (lines.length === 0) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <CartIcon width={30} height={30} />
        </span>
        <h1 className="mt-5 font-display text-2xl font-semibold text-brand-800">{t('cart.empty')}</h1>
        <p className="mt-2 text-stone-600">{t('cart.emptyText')}</p>
        <Link to="/shop" className="btn-primary mt-7">
          {t('cart.toShop')}
        </Link>
      </section>
    );
  }

  // Inactive or expired lines stay in view but are left out of the total and of checkout (as the server does).
  const active = lines.filter((line) => line.status === 'active' && !isExpired(line.expiresOn));
  // A line above what is left would only be refused at the order: have it fixed here first.
  const overStock = active.some((line) => {
    const stock = line.variant ? line.variant.stock : line.stock;
    return stock !== null && line.count > stock;
  });
  const itemCount = active.reduce((sum, line) => sum + line.count, 0);

  function checkout() {
    saveCheckoutData(
      active.map((line) => ({
        _id: line._id,
        name: line.name,
        price: line.price,
        count: line.count,
        images: line.variant?.image ? [line.variant.image] : line.images,
        ...(line.variant ? { variant: line.variant._id, options: line.variant.options } : {}),
      })),
    );
    // A visitor signs in or up on the way; her cart joins her account's there.
    navigate(user ? '/checkout' : authHref('/signin', '/checkout'));
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-800">{t('cart.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t.n('cart.items', itemCount)}</p>
        </div>
        <button
          type="button"
          className="btn-ghost px-3 text-stone-600"
          disabled={clear.isPending}
          onClick={() => setConfirmingClear(true)}
        >
          {t('cart.clear')}
        </button>
      </div>
      <ConfirmDialog
        open={confirmingClear}
        title={t('cart.clearTitle')}
        confirmLabel={t('cart.clear')}
        busy={clear.isPending}
        onCancel={() => setConfirmingClear(false)}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              setConfirmingClear(false);
              toast.success(pageT('cart.cleared'));
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        {t.n('cart.clearText', lines.length)}
      </ConfirmDialog>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <ul className="space-y-3" aria-label={t('cart.lines')}>
          {lines.map((line) => (
            <CartLineItem key={`${line._id}:${line.variant?._id ?? ''}`} line={line} />
          ))}
        </ul>

        <aside className="card p-5 lg:sticky lg:top-32" aria-label={t('cart.summary')}>
          <h2 className="font-display text-xl font-semibold text-brand-800">{t('checkout.summary')}</h2>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-stone-600">{t('cart.count')}</dt>
              <dd>{itemCount}</dd>
            </div>
            <div className="flex justify-between border-t border-stone-100 pt-3 text-base font-semibold">
              <dt>{t('checkout.subtotal')}</dt>
              <dd data-testid="cart-subtotal">{formatKsh(subtotal)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-stone-600">{t('cart.feeNote')}</p>
          <FreeDeliveryNote className="mt-1" amount={subtotal} />
          {user ? null : (
            <p className="mt-2 text-xs text-stone-600" data-testid="visitor-cart-note">
              {t('cart.visitorNote')}
            </p>
          )}
          <button
            type="button"
            className="btn-primary mt-5 w-full"
            disabled={active.length === 0 || overStock}
            onClick={checkout}
          >
            {t('cart.checkout')}
          </button>
          {overStock ? (
            <p className="mt-2 text-center text-xs font-medium text-red-700">{t('cart.overStock')}</p>
          ) : null}
          {active.length === 0 ? (
            <p className="mt-2 text-center text-xs text-stone-500">{t('cart.noneAvailable')}</p>
          ) : null}
          <OrderOnWhatsApp
            className="mt-3 w-full"
            lines={active.map((line) => ({
              name: line.name,
              options: line.variant?.options ?? null,
              count: line.count,
              price: line.price,
            }))}
            total={subtotal}
          />
          <Link
            to="/shop"
            className="mt-3 block text-center text-sm font-medium text-brand-700 hover:underline"
          >
            {t('payment.continue')}
          </Link>
        </aside>
      </div>
    </section>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  const t = useT();
  const add = useAddToCart();
  const remove = useRemoveFromCart();
  const busy = add.isPending || remove.isPending;
  const expired = line.status === 'active' && isExpired(line.expiresOn);
  const available = line.status === 'active' && !expired;
  // Stock the shop can still sell of this line (its variant's; null: not tracked).
  const stock = line.variant ? line.variant.stock : line.stock;
  const which = line.variant ? { variantId: line.variant._id } : {};
  const label = line.variant ? `${line.name} (${describeOptions(line.variant.options)})` : line.name;
  const picture = line.variant?.image ?? line.images[0];
  const short = available && stock !== null && line.count > stock;
  const atStock = stock !== null && line.count >= stock;
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const reduce = () =>
    remove.mutate(
      { productId: line._id, ...which },
      { onSuccess: () => (line.count <= 1 ? toast.success(pageT('cart.removed')) : undefined), onError },
    );
  const increase = () => add.mutate({ productId: line._id, count: 1, ...which }, { onError });
  const removeLine = () =>
    remove.mutate(
      { productId: line._id, all: true, ...which },
      { onSuccess: () => toast.success(pageT('cart.removed')), onError },
    );

  return (
    <li className={`card flex gap-3 p-3 sm:gap-4 sm:p-4 ${available ? '' : 'bg-stone-50'}`}>
      <Link to={`/product/${line.slug}`} className={available ? '' : 'opacity-50 grayscale'}>
        <ProductThumb src={picture} alt={label} size={88} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={`/product/${line.slug}`}
            className="min-w-0 font-semibold leading-snug text-ink hover:text-brand-700"
          >
            {line.name}
          </Link>
          <p
            className={`shrink-0 font-semibold ${available ? 'text-brand-800' : 'text-stone-500 line-through'}`}
          >
            {formatKsh(line.price)}
          </p>
        </div>
        {line.variant ? (
          <p className="mt-0.5 text-sm font-medium text-stone-700" data-testid="line-variant">
            {describeOptions(line.variant.options)}
          </p>
        ) : null}
        <p className="mt-0.5 text-sm text-stone-500">
          {truncate(line.description, TRUNCATE.cartDescription)}
        </p>
        {available ? null : (
          <p className="mt-1 text-sm font-medium text-red-700">{t(expired ? 'cart.expired' : 'cart.gone')}</p>
        )}
        {short ? (
          <p className="mt-1 text-sm font-medium text-red-700" role="alert">
            {stock === 0 ? t('cart.soldOut') : t('cart.short', { count: stock })}
          </p>
        ) : available && stock !== null && atStock ? (
          <p className="mt-1 text-sm font-medium text-amber-800">{t('stock.left', { count: stock })}</p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <div
            className="flex items-center rounded-full ring-1 ring-stone-300"
            role="group"
            aria-label={t('cart.quantity', { name: label })}
          >
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center rounded-full text-lg text-brand-700 hover:bg-brand-50 disabled:opacity-40"
              aria-label={t('cart.reduce', { name: label })}
              disabled={busy}
              onClick={reduce}
            >
              −
            </button>
            <span className="min-w-8 text-center text-sm font-semibold" aria-live="polite">
              {line.count}
            </span>
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center rounded-full text-lg text-brand-700 hover:bg-brand-50 disabled:opacity-40"
              aria-label={t('cart.increase', { name: label })}
              disabled={busy || !available || atStock || line.count >= MAX_LINE_COUNT}
              title={atStock ? t('stock.left', { count: stock ?? 0 }) : undefined}
              onClick={increase}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className="rounded-full px-3 py-2 text-sm font-medium text-stone-500 hover:bg-red-50 hover:text-red-700"
            disabled={busy}
            onClick={removeLine}
          >
            {t('checkout.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}
