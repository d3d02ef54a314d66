import { useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'wouter';
import { formatKes } from '@urembo/contract/money';
import type { Order, OrderLine } from '@urembo/contract/orders';
import { REVIEW_COMMENT_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '@urembo/contract/review-rules';
import type { Review } from '@urembo/contract/reviews';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrder } from '../../../app/data/orders';
import { useAuthUser } from '../../../app/data/session';
import { useCreateReview, useMyOrderReviews, useProductImages, useUpdateReview } from '../api';
import { ImageCarousel } from '../../../components/image-carousel';
import { StarPicker, Stars } from '../components/stars';
import { useT } from '../../../i18n/i18n';

/** The rating is a whole number 1 to 5; anything else typed (0, 6, 4.5, a word, nothing) is no rating at all. */
export function acceptRating(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) && value >= REVIEW_RATING_MIN && value <= REVIEW_RATING_MAX ? value : null;
}

/** One entry per product, in order (an order could list a product on two lines). */
function distinctProducts(items: OrderLine[]): OrderLine[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item._id || `line:${item.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="card mx-auto mt-8 max-w-lg p-8 text-center">
      <h2 className="font-display text-2xl font-semibold text-brand-800">{title}</h2>
      <div className="mt-3 text-stone-600">{children}</div>
    </div>
  );
}

function ReviewedCard({ review, onEdit }: { review: Review; onEdit: () => void }) {
  const t = useT();
  return (
    <div className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100" data-testid="my-review">
      <p className="font-semibold text-brand-800">{t('review.reviewed')}</p>
      <Stars value={review.rating} size={20} className="mt-2" />
      {review.comment ? (
        <p className="mt-3 whitespace-pre-line break-words text-stone-700">{review.comment}</p>
      ) : null}
      <button type="button" className="btn-outline mt-4" onClick={onEdit}>
        {t('review.editYours')}
      </button>
    </div>
  );
}

function ReviewStepper({ order, myReviews }: { order: Order; myReviews: Review[] }) {
  const t = useT();
  const items = useMemo(() => distinctProducts(order.items), [order.items]);
  const [index, setIndex] = useState(0);
  const [comment, setComment] = useState('');
  // The rating box's text: empty until the customer taps a star or types 1 to 5; there is no default rating.
  const [ratingText, setRatingText] = useState('');
  const [ratingError, setRatingError] = useState(false);
  const rating = acceptRating(ratingText);
  const setRating = (stars: number | null) => {
    setRatingText(stars === null ? '' : String(stars));
    setRatingError(false);
  };
  const [editing, setEditing] = useState(false);
  const create = useCreateReview(order._id);
  const update = useUpdateReview(order._id);
  const submitting = create.isPending || update.isPending;

  const item = items[index];
  const images = useProductImages(item?._id || undefined);
  const existing = item ? myReviews.find((r) => r.product._id === item._id) : undefined;
  const reviewedCount = items.filter((i) => myReviews.some((r) => r.product._id === i._id)).length;

  // Moving between products clears the comment and the rating.
  const moveTo = (next: number) => {
    setIndex(next);
    setComment('');
    setRating(null);
    setEditing(false);
  };

  const startEditing = (review: Review) => {
    setComment(review.comment);
    setRating(review.rating);
    setEditing(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!item || !item._id) {
      toast.error(t('review.noProduct'));
      return;
    }
    if (rating === null) {
      // No stars chosen (or 0, 6, 4.5 typed) is never a rating: ask for one, and send nothing.
      setRatingError(true);
      document.getElementById('review-rating')?.focus();
      return;
    }
    if (editing && existing) {
      update.mutate(
        { id: existing._id, body: { comment, rating } },
        {
          onSuccess: () => {
            toast.success(t('review.updated'));
            setEditing(false);
            setComment('');
            setRating(null);
          },
          onError: (error) => toast.error(errorMessage(error, t('review.updateFailed'))),
        },
      );
      return;
    }
    create.mutate(
      { productId: item._id, comment, rating },
      {
        onSuccess: () => {
          toast.success(t('review.created'));
          // The comment and the rating clear and the next product shows, if there is one.
          setComment('');
          setRating(null);
          if (index < items.length - 1) moveTo(index + 1);
        },
        onError: (error) => toast.error(errorMessage(error, t('review.createFailed'))),
      },
    );
  };

  if (items.length === 0) {
    return <p className="mt-8 text-center text-stone-600">{t('review.noProducts')}</p>;
  }

  const lineImages = item?.images ?? [];
  const carouselImages = images.data && images.data.length > 0 ? images.data : lineImages;
  const showForm = !existing || editing;

  return (
    <div className="mt-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <span aria-live="polite">{t('review.step', { index: index + 1, total: items.length })}</span>
        <span>{t('review.progress', { count: reviewedCount, total: items.length })}</span>
      </div>

      <article className="card grid gap-6 p-4 sm:p-6 md:grid-cols-2 md:gap-10">
        <div className="mx-auto w-full max-w-md">
          {/* A new product starts at its first picture. */}
          <ImageCarousel key={item?._id} images={carouselImages} alt={item?.name ?? t('review.product')} />
        </div>

        <div className="flex min-w-0 flex-col">
          <h2 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{item?.name}</h2>
          <p className="mt-1 text-lg font-semibold text-brand-700">
            {t('review.price', { price: formatKes(item?.price ?? 0) })}
          </p>

          {!item?._id ? (
            <p className="mt-6 rounded-xl bg-stone-100 px-4 py-3 text-stone-600">{t('review.gone')}</p>
          ) : !showForm && existing ? (
            <div className="mt-6">
              <ReviewedCard review={existing} onEdit={() => startEditing(existing)} />
            </div>
          ) : (
            <form className="mt-6 flex flex-col gap-5" onSubmit={onSubmit} noValidate>
              <div>
                <label htmlFor="review-comment" className="mb-1.5 block text-sm font-semibold text-ink">
                  {t('review.comment')}
                </label>
                <textarea
                  id="review-comment"
                  className="input min-h-32 resize-y"
                  value={comment}
                  maxLength={REVIEW_COMMENT_MAX}
                  placeholder={t('review.placeholder')}
                  onChange={(e) => setComment(e.target.value)}
                  disabled={submitting}
                />
                <p className="mt-1 text-right text-xs text-stone-500">
                  {comment.length}/{REVIEW_COMMENT_MAX}
                </p>
              </div>

              <div>
                <label htmlFor="review-rating" className="mb-1.5 block text-sm font-semibold text-ink">
                  {t('review.rating')}
                </label>
                <div className="flex flex-wrap items-center gap-3">
                  <input
                    id="review-rating"
                    type="number"
                    inputMode="numeric"
                    min={REVIEW_RATING_MIN}
                    max={REVIEW_RATING_MAX}
                    step={1}
                    className="input w-20 text-center"
                    value={ratingText}
                    disabled={submitting}
                    aria-invalid={ratingError || undefined}
                    aria-describedby="review-rating-hint"
                    onChange={(e) => {
                      setRatingText(e.target.value);
                      setRatingError(false);
                    }}
                  />
                  <StarPicker value={rating ?? 0} onChange={setRating} disabled={submitting} />
                </div>
                <p
                  id="review-rating-hint"
                  className={`mt-1 text-xs ${ratingError ? 'font-semibold text-red-700' : 'text-stone-600'}`}
                  role={ratingError ? 'alert' : undefined}
                >
                  {ratingError
                    ? t('review.chooseStars', { min: REVIEW_RATING_MIN, max: REVIEW_RATING_MAX })
                    : t('review.stars', { min: REVIEW_RATING_MIN, max: REVIEW_RATING_MAX })}
                </p>
              </div>

              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary min-w-40" disabled={submitting}>
                  {submitting
                    ? editing
                      ? t('review.saving')
                      : t('review.submitting')
                    : editing
                      ? t('review.saveChanges')
                      : t('review.submit')}
                </button>
                {editing ? (
                  <button
                    type="button"
                    className="btn-ghost"
                    disabled={submitting}
                    onClick={() => {
                      setEditing(false);
                      setComment('');
                      setRating(null);
                    }}
                  >
                    {t('form.cancel')}
                  </button>
                ) : null}
              </div>
            </form>
          )}
        </div>
      </article>

      <nav aria-label={t('review.nav')} className="mt-6 flex items-center justify-between gap-3">
        <button
          type="button"
          className="btn-outline flex-1 sm:flex-none"
          disabled={index === 0 || submitting}
          onClick={() => moveTo(index - 1)}
        >
          {t('review.previous')}
        </button>
        <button
          type="button"
          className="btn-outline flex-1 sm:flex-none"
          disabled={index >= items.length - 1 || submitting}
          onClick={() => moveTo(index + 1)}
        >
          {t('review.next')}
        </button>
      </nav>
    </div>
  );
}

/** /review-order/{id}: the customer reviews the products of their own PAID order, one at a time. */
export default function ReviewOrderPage() {
  const t = useT();
  useDocumentTitle(t('review.title'));
  const { id = '' } = useParams<{ id: string }>();
  const auth = useAuthUser();
  const signedIn = !!auth.data;
  const order = useOrder(id);
  const paid = order.data?.paymentStatus === 'paid';
  const mine = useMyOrderReviews(id, signedIn && paid);

  let body: React.ReactNode;
  if (auth.isPending || (signedIn && order.isPending)) {
    body = <Spinner label={t('review.loadingOrder')} />;
  } else if (!auth.data || (order.error instanceof ApiRequestError && order.error.status === 401)) {
    body = <SignedOutNotice reason={t('review.signedOut')} heading="h2" />;
  } else if (order.isError) {
    body =
      order.error instanceof ApiRequestError && order.error.status === 404 ? (
        <Notice title={t('order.notFoundTitle')}>
          <p>{t('review.notFound')}</p>
          <Link to="/orders/all" className="btn-primary mt-6">
            {t('order.myOrders')}
          </Link>
        </Notice>
      ) : (
        <p className="mt-8 rounded-xl bg-red-50 px-4 py-3 text-center text-red-700">
          {t('review.error', { message: errorMessage(order.error, t('order.fetchFailed')) })}
        </p>
      );
  } else if (order.data && !paid) {
    body = (
      <Notice title={t('review.notPaid')}>
        <p>{t('review.notPaidBody')}</p>
        <Link to={`/order/${encodeURIComponent(id)}`} className="btn-primary mt-6">
          {t('review.backToOrder')}
        </Link>
      </Notice>
    );
  } else if (mine.isPending) {
    body = <Spinner label={t('review.loadingReviews')} />;
  } else if (order.data) {
    body = <ReviewStepper order={order.data} myReviews={mine.data ?? []} />;
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold text-brand-800 sm:text-4xl">
          {t('review.title')}
        </h1>
        {paid ? (
          <Link
            to={`/order/${encodeURIComponent(id)}`}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('review.backToOrder')}
          </Link>
        ) : null}
      </div>
      {body}
    </section>
  );
}
