import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES, type Language } from '@urembo/contract/languages';
import { userRoutes } from '@urembo/contract/routes/users';
import { useAuthUser } from '../features/auth/api';
import { call } from '../lib/api-client';
import { useT } from './i18n';

/** This page's URL in `lang`: the same path and query, with `?lang=` set. */
export function urlInLanguage(href: string, lang: Language): string {
  const url = new URL(href);
  url.searchParams.set(LANGUAGE_PARAM, lang);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * English · Kiswahili: each a link to this page in that language (`?lang=`), which the server renders in it and
 * remembers in the `lang` cookie; a whole page load, so the page never holds two languages' texts. A signed-in
 * customer's choice is kept on the account too (PUT /user/me), for the SMS and the next device.
 */
export function LanguageSwitch({
  className = '',
  linkClassName = '',
  compactOnPhone = false,
}: {
  className?: string;
  linkClassName?: string;
  /** On a phone, only the other language (the header's strip has room for one word). */
  compactOnPhone?: boolean;
}) {
  const t = useT();
  const [path] = useLocation();
  const { data: user } = useAuthUser();

  async function choose(event: MouseEvent<HTMLAnchorElement>, lang: Language) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (lang === t.lang) return;
    // The whole query is kept (a filter, a page, a shade): the server-drawn href has only the path.
    const target = urlInLanguage(window.location.href, lang);
    if (user && user.language !== lang) {
      try {
        await call(userRoutes.updateMe, { body: { language: lang } });
      } catch {
        // The page still changes language; the account keeps its earlier choice.
      }
    }
    window.location.assign(target);
  }

  return (
    <ul aria-label={t('lang.label')} className={`flex items-center gap-1 ${className}`}>
      {LANGUAGES.map((lang) => (
        <li key={lang} className={compactOnPhone && lang === t.lang ? 'max-sm:hidden' : undefined}>
          <a
            href={`${path}?${LANGUAGE_PARAM}=${lang}`}
            hrefLang={lang}
            lang={lang}
            aria-current={lang === t.lang ? 'true' : undefined}
            onClick={(event) => void choose(event, lang)}
            className={`${linkClassName} ${lang === t.lang ? 'font-bold underline underline-offset-4' : 'opacity-90 hover:opacity-100'}`}
          >
            {LANGUAGE_NAMES[lang]}
          </a>
        </li>
      ))}
    </ul>
  );
}
