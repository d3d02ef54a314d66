/*
 * The one date formatter of the web app: shop times are Nairobi times (UTC+3 all year), written the Kenyan way in
 * the page's language ("2 Mar 2026, 12:30", "2 Mac 2026, 12:30"), times as 24-hour digits. A date the server already
 * gives as a Nairobi day ("2026-03-12") is shown as it is. Components take the page's language from useDates().
 */
import { LOCALES, type Language } from '@urembo/contract/languages';

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

function formatter(style: DateStyle | 'day', timeZone: string, lang: Language): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}|${lang}`;
  let format = formats.get(key);
  if (!format) {
    const options = style === 'day' ? { day: 'numeric', month: 'short' } : STYLES[style];
    format = new Intl.DateTimeFormat(LOCALES[lang], {
      ...options,
      ...('hour' in options ? { hourCycle: 'h23' } : {}),
      timeZone,
    } as Intl.DateTimeFormatOptions);
    formats.set(key, format);
  }
  return format;
}

/** An instant (ISO 8601) in Nairobi time; '' for a missing or unreadable one. */
export function formatDate(
  iso: string | null | undefined,
  style: DateStyle = 'date',
  lang: Language = 'en',
): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '' : formatter(style, 'Africa/Nairobi', lang).format(time);
}

/** "12 Mar" from a calendar day "2026-03-12" (already a Nairobi day: no time zone is applied). */
export function formatDay(day: string, lang: Language = 'en'): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatter('day', 'UTC', lang).format(Date.UTC(y!, m! - 1, d!));
}

const numbers = new Map<Language, Intl.NumberFormat>();

/** A count with the language's grouping (1,234 in both). Money is formatKsh's "Ksh 1,234" in every language. */
export function formatNumber(value: number, lang: Language = 'en'): string {
  let format = numbers.get(lang);
  if (!format) numbers.set(lang, (format = new Intl.NumberFormat(LOCALES[lang])));
  return format.format(value);
}
