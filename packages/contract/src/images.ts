/* Stored product images. No zod here: the storefront imports these helpers and must stay small. */

/** Uploaded images: JPEG, PNG or WebP (checked by content), at most 5 MB each and 8 per product. */
export const IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  perProduct: 8,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** The widths every stored image is resized to (WebP, never upscaled); a product's `images` hold the largest. */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const IMAGE_URL = /^(.*\/images\/[0-9a-f]{64})-(\d+)\.webp$/;

/** The URL of one width of a stored image, from any of its URLs; null for a URL that is not a stored image. */
export function imageUrlForWidth(url: string, width: ImageWidth): string | null {
  const match = IMAGE_URL.exec(url);
  return match ? `${match[1]}-${width}.webp` : null;
}

/** `srcset` for a stored image URL ("...-320.webp 320w, ...-640.webp 640w, ...-1200.webp 1200w"). */
export function imageSrcSet(url: string): string | undefined {
  if (!IMAGE_URL.test(url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageUrlForWidth(url, w)} ${w}w`).join(', ');
}
