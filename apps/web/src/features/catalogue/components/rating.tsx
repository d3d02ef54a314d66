import { StarIcon } from './icons';
import { useT, type Translator } from '../../../i18n/i18n';

/** "No reviews yet" before anyone reviewed it (never a rating nobody gave), "4.3 of 5 (12 reviews)" after. */
export function ratingText(t: Translator, rating: number, reviewCount: number): string {
  if (reviewCount === 0) return t('rating.none');
  const value = Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
  return t.n('rating.text', reviewCount, { rating: value });
}

export function Rating({
  rating,
  reviewCount,
  className = '',
}: {
  rating: number;
  reviewCount: number;
  className?: string;
}) {
  const t = useT();
  // No stars until there is a review.
  if (reviewCount === 0) {
    return <p className={`text-sm text-stone-600 ${className}`}>{ratingText(t, rating, reviewCount)}</p>;
  }
  const value = rating;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <span className="flex text-gold-500" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <StarIcon key={i} filled={Math.max(0, Math.min(1, value - i))} />
        ))}
      </span>
      <span className="text-sm text-stone-600">{ratingText(t, rating, reviewCount)}</span>
    </div>
  );
}
