import { imageSrcSet, imageUrlForWidth } from '@urembo/contract/images';

/**
 * A stored product picture: `srcset` of the 320/640/1200 WebP widths with the caller's `sizes`, lazy below the
 * fold, and width/height set so the box never jumps while it loads. No picture shows a soft placeholder.
 */
export function ProductImage({
  url,
  alt,
  sizes,
  eager = false,
  className = '',
}: {
  url: string | undefined;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  if (!url) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 text-brand-300 ${className}`}
      >
        <svg viewBox="0 0 48 48" width="30%" height="30%" fill="currentColor" aria-hidden="true">
          <path d="M18 6h12v6l4 4v24a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V16l4-4V6Zm2 16v12h8V22h-8Z" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={imageUrlForWidth(url, 640) ?? url}
      srcSet={imageSrcSet(url)}
      sizes={sizes}
      alt={alt}
      width={1200}
      height={1200}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : 'auto'}
      className={`object-cover ${className}`}
    />
  );
}
