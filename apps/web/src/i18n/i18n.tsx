/*
 * The storefront's language: one catalogue of texts per language (catalogues/), of which a page carries only its
 * own. The server picks the language (`?lang=`, the `lang` cookie), renders the page in it and puts its catalogue
 * in the page (`<script type="application/json" id="i18n">`); the browser reads it back (readPageMessages) before
 * it hydrates, so the first render here is the server's, word for word. Changing the language loads the page again
 * from the server (LanguageSwitch), which is why a page never holds two catalogues.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, LOCALES, parseLanguage, type Language } from '@urembo/contract/languages';
import { formatDate, formatDay, formatNumber, type DateStyle } from '../lib/dates';
import { fill, type MessageKey, type MessageParams, type Messages, type PluralKey } from './messages';

export type { MessageKey, MessageParams, Messages, PluralKey };

/** The id of the page's JSON script holding `{lang, messages}`. */
export const I18N_STATE_ID = 'i18n';

export interface Translator {
  (key: MessageKey, params?: MessageParams): string;
  /** A count's text: `<key>.one` or `<key>.other` by the language's plural rules, with `{count}` filled. */
  n(key: PluralKey, count: number, params?: MessageParams): string;
  readonly lang: Language;
  /** The locale dates and numbers are written in: en-KE or sw-KE. */
  readonly locale: string;
}

const pluralRules = new Map<string, Intl.PluralRules>();

export function createTranslator(lang: Language, messages: Messages): Translator {
  const locale = LOCALES[lang];
  const t = ((key: MessageKey, params?: MessageParams) => fill(messages[key] ?? key, params)) as Translator;
  t.n = (key, count, params) => {
    let rules = pluralRules.get(locale);
    if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
    const form = rules.select(count) === 'one' ? 'one' : 'other';
    return fill(messages[`${key}.${form}` as MessageKey] ?? key, { count, ...params });
  };
  Object.defineProperties(t, { lang: { value: lang }, locale: { value: locale } });
  return t;
}

/**
 * The browser's translator for code outside components (toasts in a mutation's callbacks, a form's error text):
 * set once at start (main.tsx; test/setup.ts in tests). Never read it while rendering: the server renders
 * several pages at once, in different languages, so components use useT().
 */
let pageTranslator: Translator | null = null;

export function setPageTranslator(translator: Translator): void {
  pageTranslator = translator;
}

/** The page's text for `key` (browser code outside components; components use useT()). */
export function t(key: MessageKey, params?: MessageParams): string {
  if (!pageTranslator) throw new Error('t() before the page language was set (main.tsx)');
  return pageTranslator(key, params);
}

/** The page's plural text (see Translator.n), for code outside components. */
t.n = (key: PluralKey, count: number, params?: MessageParams): string => {
  if (!pageTranslator) throw new Error('t.n() before the page language was set (main.tsx)');
  return pageTranslator.n(key, count, params);
};

/** The page's language, for code outside components. */
export function pageLanguage(): Language {
  return pageTranslator?.lang ?? DEFAULT_LANGUAGE;
}

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

/** The translator of the page being rendered: `t('nav.shop')`, `t('cart.total', {amount})`, `t.n('cart.items', 3)`. */
export function useT(): Translator {
  const translator = useContext(I18nContext) ?? pageTranslator;
  if (!translator) throw new Error('useT() outside <I18nProvider>');
  return translator;
}

/** The page's language ('en' | 'sw'). */
export function useLanguage(): Language {
  return useT().lang;
}

/** A memoised value that depends on the page's language (formatters, option lists with their labels). */
export function useTranslated<T>(make: (t: Translator) => T): T {
  const translator = useT();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => make(translator), [translator]);
}

/**
 * The page's `{lang, messages}` JSON written by the server; null when it has none (the Vite dev server's page), in
 * which case main.tsx loads the catalogue itself (loadMessages).
 */
export function readPageMessages(): { lang: Language; messages: Messages } | null {
  const script = document.getElementById(I18N_STATE_ID);
  if (!script?.textContent) return null;
  const state = JSON.parse(script.textContent) as { lang?: unknown; messages?: Messages };
  const lang = parseLanguage(state.lang);
  return lang && state.messages ? { lang, messages: state.messages } : null;
}

/** The language named by the page (`<html lang>`) or the `lang` cookie, for a page the server did not fill. */
export function documentLanguage(): Language {
  const fromCookie = /(?:^|;\s*)lang=(\w+)/.exec(document.cookie)?.[1];
  return parseLanguage(fromCookie) ?? parseLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
}

/** A language's whole catalogue as its own chunk (the dev server's pages, and the tests). */
export async function loadMessages(lang: Language): Promise<Messages> {
  return lang === 'sw'
    ? (await import('./catalogues/sw')).sw
    : ((await import('./catalogues/en')).en as Messages);
}

/** The date and number formatters in the page's language (lib/dates.ts): `const { formatDate } = useDates()`. */
export function useDates() {
  const lang = useLanguage();
  return useMemo(
    () => ({
      formatDate: (iso: string | null | undefined, style?: DateStyle) => formatDate(iso, style, lang),
      formatDay: (day: string) => formatDay(day, lang),
      formatNumber: (value: number) => formatNumber(value, lang),
    }),
    [lang],
  );
}
