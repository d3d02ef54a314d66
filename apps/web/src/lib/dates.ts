/*
 * The one date formatter of the web app: shop times are Nairobi times (UTC+3 all year), written the Kenyan English
 * way ("2 Mar 2026, 12:30"). A date the server already gives as a Nairobi day ("2026-03-12") is shown as it is.
 */

export type DateStyle = 'date' | 'dateTime' | 'dayTime' | 'monthYear';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  /** 2 Mar 2026 */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 2 Mar 2026, 12:30 */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 2 Mar, 12:30 */
  dayTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** March 2026 */
  monthYear: { month: 'long', year: 'numeric' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle | 'day', timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options = style === 'day' ? { day: 'numeric', month: 'short' } : STYLES[style];
    format = new Intl.DateTimeFormat('en-KE', { ...options, timeZone } as Intl.DateTimeFormatOptions);
    formats.set(key, format);
  }
  return format;
}

/** An instant (ISO 8601) in Nairobi time; '' for a missing or unreadable one. */
export function formatDate(iso: string | null | undefined, style: DateStyle = 'date'): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '' : formatter(style, 'Africa/Nairobi').format(time);
}

/** "12 Mar" from a calendar day "2026-03-12" (already a Nairobi day: no time zone is applied). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatter('day', 'UTC').format(Date.UTC(y!, m! - 1, d!));
}
