/*
 * The languages the shop speaks, without zod (the web app's first screen imports this): English (the default) and
 * Kiswahili. A page's language comes from `?lang=` (which also sets the `lang` cookie for a year) or that cookie.
 */

export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The query parameter and the cookie that choose the language. */
export const LANGUAGE_PARAM = 'lang';
export const LANGUAGE_COOKIE = 'lang';
/** How long the cookie keeps the choice: a year. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The locale each language formats dates and numbers with (Kenya's). */
export const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** The language's own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/** A language code as given (a query parameter, a cookie), or null when it is not one the shop speaks. */
export function parseLanguage(value: unknown): Language | null {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Language)
    : null;
}

/**
 * A page's address in `lang`: English is the plain address (a visitor without a cookie gets it, as search engines
 * do), any other language adds `?lang=` (which the server answers in it, whatever the cookie says).
 */
export function addressInLanguage(pathAndQuery: string, lang: Language): string {
  if (lang === DEFAULT_LANGUAGE) return pathAndQuery;
  return `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${lang}`;
}
