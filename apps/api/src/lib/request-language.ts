import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, parseLanguage, type Language } from '@urembo/contract/languages';
import { inLanguage } from '@urembo/contract/message-catalogue';

/**
 * The language of the browser's Accept-Language: the first of English and Kiswahili by preference ("sw-KE,sw;q=0.9,
 * en;q=0.8" is Kiswahili), null when it names neither. A quality of 0 means "not this one".
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return {
        language: parseLanguage(tag.trim().toLowerCase().split('-')[0]),
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.language !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? null;
}

/** The language a request is answered in: its `lang` cookie, else its Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    parseLanguage(request.cookies?.[LANGUAGE_COOKIE]) ??
    acceptedLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The human `message` of a successful answer (what the storefront toasts: "Sign in successful!") in the request's
 * language, as errors are (lib/error-handler.ts).
 */
export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const text = (payload as { message?: unknown }).message;
    if (typeof text !== 'string') return payload;
    const language = requestLanguage(request);
    if (language === DEFAULT_LANGUAGE) return payload;
    return { ...payload, message: inLanguage(text, language) };
  });
}
