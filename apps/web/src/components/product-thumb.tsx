import { useState } from 'react';
import { LogoMark } from './logo';

/**
 * A product's first image as a square thumbnail (cart, checkout, orders), or a quiet placeholder when the product
 * has none or the image fails to load.
 *
 * SEAM: the catalogue's image helper knows the resized widths; once merged, give this a srcset of small variants
 * so a phone does not download the 1200 px image for an 80 px thumbnail.
 */
export function ProductThumb({
  src,
  alt,
  size = 80,
  className = '',
}: {
  src: string | undefined;
  alt: string;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const box = `shrink-0 overflow-hidden rounded-xl bg-brand-50 ring-1 ring-stone-200/70 ${className}`;
  if (!src || failed) {
    return (
      <div
        className={`flex items-center justify-center ${box}`}
        style={{ width: size, height: size }}
        // The placeholder stands for the picture: a link around it keeps the picture's name.
        {...(alt ? { role: 'img', 'aria-label': alt } : {})}
      >
        <span className="opacity-40">
          <LogoMark size={Math.round(size / 2.5)} />
        </span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`object-cover ${box}`}
      style={{ width: size, height: size }}
    />
  );
}
