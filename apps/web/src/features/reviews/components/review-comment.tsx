import { useId, useState } from 'react';
import { truncate } from '@urembo/contract/text';
import { useT } from '../../../i18n/i18n';

/**
 * A review's comment, shortened to `max` characters with a "Read more" toggle (280 in the storefront: a usual review reads whole).
 * It is always rendered as text: markup a customer typed shows literally, it is never interpreted.
 */
export function ReviewComment({
  text,
  max,
  className = '',
}: {
  text: string;
  max: number;
  className?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!text) return null;
  const long = text.length > max;
  return (
    <div className={className}>
      <p id={id} className="whitespace-pre-line break-words text-stone-700">
        {open || !long ? text : truncate(text, max)}
      </p>
      {long ? (
        <button
          type="button"
          className="mt-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('reviews.readLess') : t('reviews.readMore')}
        </button>
      ) : null}
    </div>
  );
}
