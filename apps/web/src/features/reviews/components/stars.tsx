import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '@urembo/contract/review-rules';
import { useT } from '../../../i18n/i18n';

const STAR_PATH = 'M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3L2.9 9.4l6.3-.9L12 2.8z';

function StarRow({ size, className }: { size: number; className: string }) {
  return (
    <span className={`flex shrink-0 ${className}`}>
      {Array.from({ length: REVIEW_RATING_MAX }, (_, i) => (
        <svg key={i} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="shrink-0">
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

/** A read-only rating: five stars filled to the (possibly fractional) value, announced as "4.5 out of 5 stars". */
export function Stars({
  value,
  size = 16,
  className = '',
}: {
  value: number;
  size?: number;
  className?: string;
}) {
  const t = useT();
  const clamped = Math.max(0, Math.min(REVIEW_RATING_MAX, value));
  const label = t('stars.label', {
    value: Number.isInteger(clamped) ? clamped : clamped.toFixed(1),
    max: REVIEW_RATING_MAX,
  });
  return (
    <span role="img" aria-label={label} className={`relative inline-flex align-middle ${className}`}>
      <StarRow size={size} className="text-stone-200" />
      <span
        className="absolute inset-y-0 left-0 overflow-hidden"
        style={{ width: `${(clamped / REVIEW_RATING_MAX) * 100}%` }}
      >
        <StarRow size={size} className="text-gold-500" />
      </span>
    </span>
  );
}

/**
 * Star buttons that set a whole-number rating, beside (not instead of) the labelled number input, so both a tap and
 * the keyboard or a screen reader can rate.
 */
export function StarPicker({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex items-center gap-0.5" role="group" aria-label={t('stars.choose')}>
      {Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, i) => {
        const stars = REVIEW_RATING_MIN + i;
        const on = stars <= value;
        return (
          <button
            key={stars}
            type="button"
            disabled={disabled}
            aria-label={t.n('stars.count', stars)}
            aria-pressed={stars === value}
            onClick={() => onChange(stars)}
            className={`flex h-11 w-11 items-center justify-center rounded-full transition-colors hover:bg-gold-400/15 disabled:cursor-not-allowed ${
              on ? 'text-gold-500' : 'text-stone-300'
            }`}
          >
            <svg viewBox="0 0 24 24" width={30} height={30} aria-hidden="true">
              <path d={STAR_PATH} fill="currentColor" />
            </svg>
          </button>
        );
      })}
    </div>
  );
}
