/** Truncation lengths. */
export const TRUNCATE = {
  cardDescription: 50,
  featuredDescription: 20,
  reviewComment: 280,
  adminReviewComment: 75,
  categoryDescription: 120,
  adminProductName: 25,
  adminProductDescription: 20,
  adminProductCategory: 20,
  cartDescription: 45,
} as const;

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Just now", "5m", "3h", "1d", then a short date such as "Nov 3". */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 2 * DAY) return '1d';
  return then.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'Africa/Nairobi' });
}

/**
 * JSON for inside a <script> block (JSON-LD, the server render's data): `<`, `>` and `&` are written as \u escapes,
 * so no value (a product named "</script><script>...") can end the block; U+2028/2029 too, for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
