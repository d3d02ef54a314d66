import { useEffect, useRef, useState } from 'react';
import { PackageIcon } from '../../../components/icons';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={20}
      height={20}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path
        d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A product's images: swipe (scroll-snap) on a phone, arrows and dots everywhere. With no image a quiet placeholder
 * keeps the layout steady.
 */
export function ImageCarousel({ images, alt }: { images: string[]; alt: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  // A new product starts at its first image.
  const key = images.join('|');
  useEffect(() => {
    setCurrent(0);
    track.current?.scrollTo?.({ left: 0 });
  }, [key]);

  if (images.length === 0) {
    return (
      <div className="flex aspect-square w-full items-center justify-center rounded-2xl bg-brand-50 text-brand-300">
        <PackageIcon width={64} height={64} />
        <span className="sr-only">No image</span>
      </div>
    );
  }

  const go = (index: number) => {
    const el = track.current;
    const next = Math.max(0, Math.min(images.length - 1, index));
    setCurrent(next);
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
  };

  return (
    <div className="relative" aria-roledescription="carousel" aria-label={`${alt} images`}>
      <div
        ref={track}
        className="flex aspect-square w-full snap-x snap-mandatory overflow-x-auto rounded-2xl bg-white [scrollbar-width:none]"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {images.map((src, i) => (
          <img
            key={src}
            src={src}
            alt={images.length > 1 ? `${alt}, image ${i + 1} of ${images.length}` : alt}
            className="h-full w-full shrink-0 snap-center object-cover"
            loading={i === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ))}
      </div>
      {images.length > 1 ? (
        <>
          <button
            type="button"
            aria-label="Previous image"
            disabled={current === 0}
            onClick={() => go(current - 1)}
            className="absolute left-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow disabled:opacity-0"
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            aria-label="Next image"
            disabled={current === images.length - 1}
            onClick={() => go(current + 1)}
            className="absolute right-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow disabled:opacity-0"
          >
            <Chevron direction="right" />
          </button>
          <div className="mt-3 flex justify-center gap-2">
            {images.map((src, i) => (
              <button
                key={src}
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-current={i === current}
                onClick={() => go(i)}
                className={`h-2.5 rounded-full transition-all ${i === current ? 'w-6 bg-brand-600' : 'w-2.5 bg-brand-200'}`}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
