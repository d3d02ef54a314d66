import { TRUNCATE } from '@urembo/contract/text';
import { REVIEW_RATING_MAX } from '@urembo/contract/review-rules';
import type { Review } from '@urembo/contract/reviews';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useProductReviews } from '../api';
import { ReviewComment } from './review-comment';
import { Stars } from './stars';
import { useT, type Translator } from '../../../i18n/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Just now", "5m", "3h", "1d", then the day ("Mar 2" / "2 Mac"), in the page's language. */
export function reviewAge(t: Translator, iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return t('reviews.now');
  if (elapsed < HOUR) return t('reviews.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('reviews.hours', { count: Math.floor(elapsed / HOUR) });
  if (elapsed < 2 * DAY) return t('reviews.day');
  return then.toLocaleDateString(t.lang === 'en' ? 'en-US' : t.locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'Africa/Nairobi',
  });
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

function ReviewItem({ review }: { review: Review }) {
  const t = useT();
  return (
    <li className="flex gap-3 py-5 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
      >
        {initials(review.user.fullName)}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-ink">{review.user.fullName}</p>
          {/* "5m" on the server may be "6m" by the time the browser hydrates: the browser's own count wins. */}
          <time dateTime={review.createdAt} className="text-xs text-stone-500" suppressHydrationWarning>
            {reviewAge(t, review.createdAt)}
          </time>
        </div>
        <Stars value={review.rating} size={15} className="mt-1" />
        <ReviewComment text={review.comment} max={TRUNCATE.reviewComment} className="mt-2 text-sm" />
      </div>
    </li>
  );
}

/**
 * Customer reviews on the product page: the average and count, then the reviews newest first with "Show more".
 * `rating` is the product JSON's average (5 when there are no reviews; then the empty state shows instead).
 */
export function ProductReviews({
  productId,
  rating,
  reviewCount,
}: {
  productId: string;
  rating: number;
  reviewCount: number;
}) {
  const t = useT();
  const reviews = useProductReviews(productId);
  const items = reviews.data?.pages.flatMap((p) => p.data) ?? [];
  const total = reviews.data?.pages[0]?.total ?? reviewCount;

  return (
    <section aria-labelledby="product-reviews-heading" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-stone-100 pb-5">
        <div>
          <h2 id="product-reviews-heading" className="font-display text-2xl font-semibold text-brand-800">
            {t('reviews.heading')}
          </h2>
          <p className="mt-1 text-sm text-stone-500">{t('reviews.intro')}</p>
        </div>
        {total > 0 ? (
          <div className="flex items-center gap-3" data-testid="review-summary">
            <span className="font-display text-4xl font-bold text-ink">{rating.toFixed(1)}</span>
            <div>
              <Stars value={rating} size={18} />
              <p className="text-sm text-stone-600">{t.n('reviews.count', total)}</p>
            </div>
          </div>
        ) : null}
      </div>

      <div className="pt-5">
        {reviews.isPending ? (
          <Spinner label={t('reviews.loading')} className="py-8" />
        ) : reviews.isError && items.length === 0 ? (
          <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
            {errorMessage(reviews.error, t('reviews.failed'))}
          </p>
        ) : items.length === 0 ? (
          <div className="py-6 text-center">
            <p className="font-semibold text-ink">{t('rating.none')}</p>
            <p className="mt-1 text-sm text-stone-500">{t('reviews.howTo', { max: REVIEW_RATING_MAX })}</p>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-stone-100">
              {items.map((review) => (
                <ReviewItem key={review._id} review={review} />
              ))}
            </ul>
            {reviews.hasNextPage ? (
              <div className="mt-5 flex justify-center">
                <button
                  type="button"
                  className="btn-outline"
                  disabled={reviews.isFetchingNextPage}
                  onClick={() => void reviews.fetchNextPage()}
                >
                  {reviews.isFetchingNextPage ? t('reviews.moreBusy') : t('reviews.more')}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
