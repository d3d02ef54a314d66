import type { PageHead, PageRenderer } from '../../lib/page-head';
import type { RouteContext } from '../../lib/route-context';
import { escapeHtml } from '../../lib/html';
import { addressInLanguage, LANGUAGES, type Language } from '@urembo/contract/languages';
import { pageTitle } from '@urembo/contract/page-title';

/** The title the page's screen sets too (apps/web/src/app/screens/returns-screen.tsx). */
export const RETURNS_PAGE_TITLE = pageTitle('Returns and authenticity');

/**
 * The head of /returns: its own title, a description naming the return window, and its canonical URL (its address in
 * the page's language).
 */
export function returnsHead(publicUrl: string, returnDays: number, lang: Language = 'en'): string {
  const url = `${publicUrl}${addressInLanguage('/returns', lang)}`;
  const days = `${returnDays} ${returnDays === 1 ? 'day' : 'days'}`;
  const description =
    `Return items within ${days} of delivery and get your refund on M-Pesa. How to check a product is ` +
    'genuine: KEBS or Pharmacy and Poisons Board registration, brand and best-before month.';
  return [
    `<title>${escapeHtml(RETURNS_PAGE_TITLE)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Urembo" />`,
    `<meta property="og:title" content="${escapeHtml(RETURNS_PAGE_TITLE)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ].join('\n    ');
}

/** For /returns: the page's head tags (the settings do not change while the server runs, so it is made once). */
export function returnsPageRenderer(ctx: Pick<RouteContext, 'config'>): PageRenderer {
  const heads = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { head: returnsHead(ctx.config.publicUrl, ctx.config.returnDays, lang) }]),
  ) as Record<Language, PageHead>;
  return async (pathname, _request, lang) => (/^\/returns\/?$/.test(pathname) ? heads[lang] : null);
}
