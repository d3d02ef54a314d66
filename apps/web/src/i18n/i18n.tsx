/*
 * The storefront's language: one catalogue of texts per language (catalogues/), of which a page carries only its
 * own. The server picks the language (`?lang=`, the `lang` cookie), renders the page in it and puts its catalogue
 * in the page (`<script type="application/json" id="i18n">`); the browser reads it back (readPageMessages) before
 * it hydrates, so the first render here is the server's, word for word. Changing the language loads the page again
 * from the server (LanguageSwitch), which is why a page never holds two catalogues.
 */
import { createContext, Fragment, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, LOCALES, parseLanguage, type Language } from '@urembo/contract/languages';
import { formatDate, formatDay, formatNumber, type DateStyle } from '../lib/dates';
import {
  fill,
  PLACEHOLDER,
  TAG,
  type MessageKey,
  type MessageParams,
  type Messages,
  type PluralKey,
} from './messages';

export type { MessageKey, MessageParams, Messages, PluralKey };

/** A rich text's placeholders: words and numbers, or elements (a list of names in bold). */
export type RichParams = Record<string, ReactNode>;
/** How a rich text draws each of its tags: `{ link: (words) => <Link to="/orders">{words}</Link> }`. */
export type RichTags = Record<string, (words: ReactNode) => ReactNode>;

/** The id of the page's JSON script holding `{lang, messages}`. */
export const I18N_STATE_ID = 'i18n';

export interface Translator {
  (key: MessageKey, params?: MessageParams): string;
  /** A count's text: `<key>.one` or `<key>.other` by the language's plural rules, with `{count}` filled. */
  n(key: PluralKey, count: number, params?: MessageParams): string;
  /**
   * A text with markup: each `<name>words</name>` drawn by `tags[name]` (its words alone when it has none), each
   * `{name}` filled from `params`, which may be elements. A text without tags or elements comes back as a string.
   */
  rich(key: MessageKey, params?: RichParams, tags?: RichTags): ReactNode;
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
  t.rich = (key, params, tags) => rich(messages[key] ?? key, params ?? {}, tags ?? {});
  Object.defineProperties(t, { lang: { value: lang }, locale: { value: locale } });
  return t;
}

/**
 * `text`'s parts: its tags drawn as elements, its placeholders filled. Tags are found before placeholders are filled,
 * so a value that looks like a tag (a product's name) stays text.
 */
function rich(text: string, params: RichParams, tags: RichTags): ReactNode {
  const fillInto = (from: string, into: ReactNode[]) => {
    // split() with a group: the odd items are the placeholders' names.
    from.split(PLACEHOLDER).forEach((part, i) => {
      const value =
        i % 2 === 0 ? part : Object.prototype.hasOwnProperty.call(params, part) ? params[part] : `{${part}}`;
      const last = into.length - 1;
      if (typeof value === 'object' && value) into.push(<Fragment key={into.length}>{value}</Fragment>);
      else if (typeof into[last] === 'string' && typeof value === 'string') into[last] += value;
      else into.push(value);
    });
    return into;
  };
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(TAG)) {
    fillInto(text.slice(end, match.index), parts);
    const words = joined(fillInto(match[2]!, []));
    const draw = tags[match[1]!];
    parts.push(<Fragment key={parts.length}>{draw ? draw(words) : words}</Fragment>);
    end = match.index + match[0].length;
  }
  return joined(fillInto(text.slice(end), parts));
}

/** Parts that are all words and numbers as one string; else the parts as they are. */
function joined(parts: ReactNode[]): ReactNode {
  return parts.every((part) => typeof part === 'string' || typeof part === 'number') ? parts.join('') : parts;
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
