import type { PageHead, PageRenderer } from '../../lib/page-head';
import type { RouteContext } from '../../lib/route-context';
import { escapeHtml } from '../../lib/html';
import { addressInLanguage, LANGUAGES, type Language } from '@urembo/contract/languages';
import { pageTitle } from '@urembo/contract/page-title';

/**
 * The page's head texts in each language. The title is the one its screen sets (the catalogues' `returnsPage.title`
 * in apps/web/src/i18n/catalogues/), so the tab's title stays when the app starts.
 */
const HEAD_TEXT: Record<Language, { title: string; description: (returnDays: number) => string }> = {
  en: {
    title: pageTitle('Returns and authenticity'),
    description: (returnDays) =>
      `Return items within ${returnDays} ${returnDays === 1 ? 'day' : 'days'} of delivery and get your refund on ` +
      'M-Pesa. How to check a product is genuine: KEBS or Pharmacy and Poisons Board registration, brand and ' +
      'best-before month.',
  },
  sw: {
    title: pageTitle('Kurudisha bidhaa na uhalisi'),
    description: (returnDays) =>
      `Rudisha bidhaa ndani ya siku ${returnDays} baada ya kufikishwa, na urejeshewe pesa kwa M-Pesa. Jinsi ya ` +
      'kujua bidhaa ni halisi: usajili wa KEBS au wa Bodi ya Dawa na Sumu, chapa na mwezi wa "tumia kabla ya".',
  },
};

/**
 * The head of /returns in `lang`: its own title, a description naming the return window, and its canonical URL (its
 * address in the page's language).
 */
export function returnsHead(publicUrl: string, returnDays: number, lang: Language = 'en'): string {
  const url = `${publicUrl}${addressInLanguage('/returns', lang)}`;
  const { title } = HEAD_TEXT[lang];
  const description = HEAD_TEXT[lang].description(returnDays);
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Urembo" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
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
