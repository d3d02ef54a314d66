import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  addressInLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_PARAM,
  LANGUAGES,
  parseLanguage,
  type Language,
} from '@urembo/contract/languages';
import { escapeHtml } from '../lib/html';
import { requestLanguage } from '../lib/request-language';

/**
 * The language a page is answered in: `?lang=en|sw` (remembered in the `lang` cookie for a year), else the cookie,
 * else the browser's Accept-Language (a phone set to Kiswahili gets the Kiswahili shop on its first visit, as the
 * API's answers do: lib/request-language.ts), else English. An unknown `?lang=` is ignored (the page is still worth
 * showing), as is an unknown cookie.
 */
export function pageLanguage(request: FastifyRequest, reply: FastifyReply, secure: boolean): Language {
  const asked = parseLanguage((request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAM]);
  const kept = parseLanguage(request.cookies?.[LANGUAGE_COOKIE]);
  if (asked) {
    if (asked !== kept) {
      // Not httpOnly: the page's own script reads it (the dev server's pages, which the API does not fill).
      void reply.setCookie(LANGUAGE_COOKIE, asked, {
        path: '/',
        sameSite: 'lax',
        secure,
        maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
      });
    }
    return asked;
  }
  // Else what the API answers in: the cookie, the browser's Accept-Language, English.
  return requestLanguage(request);
}

/**
 * The `hreflang` alternates of an indexable page (`pathAndQuery`: its path and the query its screen reads): one link
 * per language, and the plain address as the default for any other.
 */
export function languageAlternates(publicUrl: string, pathAndQuery: string): string {
  return [
    ...LANGUAGES.map(
      (lang) =>
        `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(publicUrl + addressInLanguage(pathAndQuery, lang))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(publicUrl + pathAndQuery)}" />`,
  ].join('\n    ');
}
