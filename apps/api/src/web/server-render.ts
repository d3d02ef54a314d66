import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CompactPlan, createProcessor } from 'beasties/runtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Page, PAGES, pathPattern, VISITOR_CART_COOKIE } from '@urembo/contract/pages';
import type { Language } from '@urembo/contract/languages';
import { SESSION_COOKIE } from '../modules/auth';
import { withoutUnusedCustomProperties } from './unused-custom-properties';
import { escapeHtml } from '../lib/html';

/** What the web app's server bundle (apps/web/src/entry-server.tsx, built to dist-ssr) exports. */
interface ServerBundle {
  render(url: string, lang: Language): Promise<{ html: string; state: string; title: string | null } | null>;
  pageLanguage(lang: Language): PageLanguage;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

/**
 * The storefront screens a visitor lands on, rendered on the server (PAGES marks them `serverRendered`): the page
 * paints from the HTML, then the browser hydrates it. Each is paired with its screen's source module, whose chunk
 * the page preloads.
 */
const SERVER_RENDERED: Array<{ path: RegExp; screen: string }> = Object.values(PAGES as Record<string, Page>)
  .filter((page) => page.serverRendered && page.screen)
  .map((page) => ({ path: pathPattern(page.path), screen: page.screen! }));

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The chunk files a screen needs beyond the entry's and its start steps' (which index.html already preloads: the
 * entry imports React and the app with import(), see main.tsx), for <link rel=modulepreload>.
 */
function screenChunks(manifest: Record<string, ManifestChunk>, screen: string): string[] {
  const entry = Object.values(manifest).find((chunk) => (chunk as { isEntry?: boolean }).isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dependency of chunk.imports ?? []) walk(dependency, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) {
    walk(entryKey, loaded);
    for (const step of manifest[entryKey]!.dynamicImports ?? []) walk(step, loaded);
  }
  const needed = new Set<string>();
  walk(screen, needed);
  return [...needed].filter((file) => !loaded.has(file));
}

/**
 * At most this many renders at once: a burst of first views (after a catalogue change, or 100 shoppers on a cold
 * cache) waits its turn instead of holding 100 renders' memory at the same time.
 */
const CONCURRENT_RENDERS = 2;
/** Beyond this many waiting, a page is not rendered: the visitor gets the plain app (drawn by the browser) at once. */
const WAITING_RENDERS = 8;

/**
 * The page is served as the plain app (drawn by the browser) instead: too many renders wait already, or an answer
 * the screen needs failed (an unknown product, say).
 */
export class RenderDeclined extends Error {}

export class RenderSlots {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(
    count: number,
    private readonly maxWaiting: number,
  ) {
    this.free = count;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else if (this.waiting.length >= this.maxWaiting) throw new RenderDeclined('too many renders waiting');
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/** What every page in a language carries: its catalogue (a JSON script), its default title and description. */
export interface PageLanguage {
  script: string;
  title: string;
  description: string;
}

export interface ServerRenderer {
  /** The catalogue script and default head texts of pages in `lang` (from the web app's catalogues). */
  language(lang: Language): PageLanguage;
  /** Whether this request gets a server-rendered page: a visitor (no session cookie) opening a storefront screen. */
  renders(request: FastifyRequest): boolean;
  /**
   * `template` (index.html with its head tags, in `lang`) with the screen rendered in `lang` and its data; throws
   * when rendering fails.
   */
  fill(url: string, template: string, lang: Language): Promise<string>;
}

/**
 * Loads the web app's server bundle beside `dist` (the built web app) to render visitors' storefront pages. The
 * bundle calls the API in-process (`app.inject`, no network), so the page shows exactly what the API answers.
 * Signed-in shoppers (a session cookie) get the plain app: their pages hold their own data.
 */
export async function loadServerRenderer(app: FastifyInstance, dist: string): Promise<ServerRenderer | null> {
  const bundleFile = path.resolve(dist, '..', 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(bundleFile) || !existsSync(manifestFile)) {
    app.log.warn({ bundleFile }, 'no server render bundle: storefront pages are drawn by the browser only');
    return null;
  }
  const bundle = (await import(pathToFileURL(bundleFile).href)) as ServerBundle;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  bundle.setApiTransport(async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });
  // The page's own styles go into the page: only the rules its HTML uses (beasties' critical CSS, from the plan the
  // web build compiled), so the first paint needs one round trip and a few KB. The whole stylesheet follows after the
  // first paint, with the scripts (public/boot.js), for the screens the shopper opens next.
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;
  const stylesheet = stylesheetLink.exec(template)?.[1];
  const planFile = path.join(dist, '.vite', 'critical-css.json');
  const criticalCss =
    stylesheet && existsSync(planFile)
      ? createProcessor([JSON.parse(readFileSync(planFile, 'utf8')) as CompactPlan])
      : null;
  if (stylesheet && !criticalCss) {
    app.log.warn({ planFile }, 'no critical CSS plan: server-rendered pages load the whole stylesheet first');
  }
  // The app's scripts start after the page's first paint (public/boot.js): the entry and the chunks it and the
  // route's screen need, in the order the browser should fetch them.
  const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
  const preloadLink = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
  const entry = entryScript.exec(template)?.[1];
  const entryChunks = [...template.matchAll(preloadLink)].map((m) => m[1]!);
  const cssAttribute = criticalCss ? ` data-css="${stylesheet}"` : '';
  const bootTags = new Map(
    SERVER_RENDERED.map(({ screen }) => {
      const chunks = [...entryChunks, ...screenChunks(manifest, screen).map((file) => `/${file}`)];
      return [
        screen,
        `<script src="/boot.js" defer data-entry="${entry}" data-chunks="${chunks.join(' ')}"${cssAttribute}></script>`,
      ];
    }),
  );

  const renderSlots = new RenderSlots(CONCURRENT_RENDERS, WAITING_RENDERS);
  const routeOf = (url: string) => {
    // `/shop/` is `/shop` (the router ignores a trailing slash, and so does this).
    const pathname = (url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
    return SERVER_RENDERED.find((r) => r.path.test(pathname));
  };

  return {
    language: (lang) => bundle.pageLanguage(lang),
    renders(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (request.cookies?.[SESSION_COOKIE]) return false;
      const route = routeOf(request.url);
      // The server renders a visitor's cart empty: one whose browser keeps a cart gets the page her browser draws.
      if (route?.screen === PAGES.cart.screen && request.cookies?.[VISITOR_CART_COOKIE]) return false;
      return route !== undefined;
    },
    async fill(url, html, lang) {
      const route = routeOf(url);
      if (!route) return html;
      const rendered = await renderSlots.run(() => bundle.render(url, lang));
      if (!rendered) throw new RenderDeclined('an answer the screen needs failed');
      // The title the screen sets in the browser (useDocumentTitle), so the tab's title does not change when the
      // app starts.
      let page = rendered.title
        ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(rendered.title!)}</title>`)
        : html;
      if (entry) {
        page = page
          .replace(entryScript, '')
          .replace(preloadLink, '')
          .replace('</body>', () => `${bootTags.get(route.screen) ?? ''}</body>`);
      }
      // Function replacements: a product text containing "$&" or "$'" is inserted as it is.
      page = page.replace(
        '<div id="root"></div>',
        () => `<div id="root">${rendered.html}</div>${rendered.state}`,
      );
      if (!criticalCss) return page;
      // The page as it will be shown (without the stylesheet link) picks its rules; they take the link's place.
      const shown = page.replace(stylesheetLink, '');
      const css = withoutUnusedCustomProperties(criticalCss.extract(shown).css, shown);
      return page.replace(stylesheetLink, () => `<style>${css}</style>`);
    },
  };
}
