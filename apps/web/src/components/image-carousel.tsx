import { useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { ProductImage } from './product-image';
import { useT } from '../i18n/i18n';

/**
 * A product's pictures: swipe (CSS scroll snapping, no script needed to move), arrows on wide screens and a row
 * of thumbnails. The first picture loads at once, the others lazily.
 */
export function ImageCarousel({ images, alt }: { images: string[]; alt: string }) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  // On the strip itself (not an effect run once): a carousel that mounts with no pictures and gets them later still
  // follows the swipes.
  const onScroll = () => {
    const element = track.current;
    if (element) setIndex(Math.round(element.scrollLeft / (element.clientWidth || 1)));
  };

  const go = (to: number) => {
    const element = track.current;
    if (!element) return;
    const next = (to + images.length) % images.length;
    element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
    setIndex(next);
  };

  if (images.length === 0) {
    return (
      <ProductImage url={undefined} alt={alt} sizes="100vw" className="aspect-square w-full rounded-3xl" />
    );
  }

  return (
    <div
      className="min-w-0 space-y-3"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('pictures.of', { name: alt })}
    >
      <div className="relative">
        <div
          ref={track}
          onScroll={onScroll}
          // A strip that scrolls is a keyboard stop (arrow keys move it): it says what it holds.
          role="group"
          aria-label={
            images.length > 1 ? t('pictures.scroll', { count: images.length }) : t('pictures.single')
          }
          className="flex aspect-[4/3] snap-x snap-mandatory overflow-x-auto rounded-3xl bg-brand-50 ring-1 ring-stone-200/70 [scrollbar-width:none] sm:aspect-square"
        >
          {images.map((url, i) => (
            <div
              key={url}
              className="h-full w-full shrink-0 snap-center"
              role="group"
              aria-roledescription="slide"
              aria-label={t('pictures.slide', { index: i + 1, total: images.length })}
            >
              <ProductImage
                url={url}
                alt={images.length > 1 ? t('pictures.alt', { name: alt, index: i + 1 }) : alt}
                sizes="(min-width: 1024px) 600px, (min-width: 768px) 50vw, 100vw"
                eager={i === 0}
                className="h-full w-full"
              />
            </div>
          ))}
        </div>
        {images.length > 1 ? (
          <>
            <ArrowButton side="left" label={t('pictures.previous')} onClick={() => go(index - 1)} />
            <ArrowButton side="right" label={t('pictures.next')} onClick={() => go(index + 1)} />
            <div
              className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5 sm:hidden"
              aria-hidden="true"
            >
              {images.map((url, i) => (
                <span
                  key={url}
                  className={`h-1.5 rounded-full transition-all ${i === index ? 'w-5 bg-brand-700' : 'w-1.5 bg-white/90'}`}
                />
              ))}
            </div>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="hidden gap-2 overflow-x-auto pb-1 sm:flex">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={t('pictures.show', { index: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                className={`block h-16 w-16 overflow-hidden rounded-xl ring-2 transition sm:h-20 sm:w-20 ${
                  i === index ? 'ring-brand-600' : 'ring-transparent opacity-70 hover:opacity-100'
                }`}
              >
                <ProductImage url={url} alt="" sizes="80px" className="h-full w-full" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ArrowButton({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
}) {
  const Chevron = side === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute ${side === 'left' ? 'left-3' : 'right-3'} top-1/2 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white sm:flex`}
    >
      <Chevron width={20} height={20} />
    </button>
  );
}
