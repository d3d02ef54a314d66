import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { CachedBody, KEPT_ANSWER_ROUTE, sendCachedBody } from '../lib/answer-cache';
import type { PageRenderer } from '../lib/page-head';
import type { ShortCache } from '../lib/short-cache';
import { LANGUAGES, type Language } from '@urembo/contract/languages';
import { type Page, PAGES, pathPattern } from '@urembo/contract/pages';
import { escapeHtml } from '../lib/html';
import { CLIENT_ROUTES } from './client-routes';
import { languageAlternates, pageLanguage } from './language';
import { loadServerRenderer, type PageLanguage, RenderDeclined } from './server-render';

const HEAD_BLOCK = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * index.html with a renderer's head tags at the marker. When they bring their own <title> or description, the
 * shop-wide defaults go, so a page never has two titles.
 */
export function withHead(indexHtml: string, head: string): string {
  return indexHtml.replace(HEAD_BLOCK, (block) => {
    let defaults = block.replace('<!--app-head-->', '').replace('<!--/app-head-->', '');
    if (/<title>/i.test(head)) defaults = defaults.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
    if (/<meta\s+name="description"/i.test(head)) {
      defaults = defaults.replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
    }
    return head + defaults;
  });
}

/**
 * index.html in `lang`: `<html lang>`, the shop-wide title and description in it, and its catalogue for the app
 * (when the web app's server bundle is there to give them).
 */
export function inLanguage(indexHtml: string, lang: Language, texts: PageLanguage | null): string {
  let page = indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
  if (!texts) return page;
  page = page.replace(HEAD_BLOCK, (block) =>
    block
      .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(texts.title)}</title>`)
      .replace(
        /<meta\s+name="description"[\s\S]*?\/?>/i,
        () => `<meta name="description" content="${escapeHtml(texts.description)}" />`,
      ),
  );
  return page.replace('</body>', () => `${texts.script}</body>`);
}

/** The pages search engines list, whose heads name their address in each language. */
const INDEXABLE = Object.values(PAGES as Record<string, Page>)
  .filter((page) => page.indexable)
  .map((page) => pathPattern(page.path));

/** The storefront screens' query parameters that make another page (page, category, search term). */
const PAGE_PARAMS = ['page', 'category', 'search'];

/** The pages whose screens also draw from other parameters (PAGES' `drawnFrom`), with all they read. */
const DRAWN_FROM = Object.values(PAGES as Record<string, Page>)
  .filter((page) => page.drawnFrom)
  .map((page) => ({ path: pathPattern(page.path), params: [...PAGE_PARAMS, ...page.drawnFrom!] }));

/** A trailing slash makes no other page: `/shop/` is `/shop`, as the router has it. */
function withoutTrailingSlash(pathname: string): string {
  return pathname.replace(/(.)\/+$/, '$1');
}

/** A page's address with only the parameters that make another page, in a fixed order. */
export function pageUrl(rawPathname: string, url: string): string {
  return withParams(withoutTrailingSlash(rawPathname), url, PAGE_PARAMS);
}

/** What a page is drawn from: its address and every parameter its screen reads, in a fixed order. */
export function renderUrl(rawPathname: string, url: string): string {
  const pathname = withoutTrailingSlash(rawPathname);
  const drawn = DRAWN_FROM.find((page) => page.path.test(pathname));
  return withParams(pathname, url, drawn?.params ?? PAGE_PARAMS);
}

function withParams(pathname: string, url: string, params: readonly string[]): string {
  const query = url.indexOf('?');
  if (query < 0) return pathname;
  const given = new URLSearchParams(url.slice(query + 1));
  const kept = new URLSearchParams();
  for (const name of params) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `${pathname}?${text}` : pathname;
}

function defaultWebDist(): string {
  // dist/server.js lives in apps/api/dist; the web build in apps/web/dist.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/**
 * Serves the built web app: hashed assets as immutable (pre-compressed .br/.gz when present), index.html never
 * cached and answered for every client route. Unknown /api paths answer a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  renderers: PageRenderer[],
  pageCache: ShortCache<CachedBody>,
): Promise<void> {
  const dist = config.webDist ? path.resolve(config.webDist) : defaultWebDist();
  const indexFile = path.join(dist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (indexHtml === null) {
    app.log.warn({ dist }, 'web app is not built (run `npm run build`): only the API is served');
  } else {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      decorateReply: false,
      // dist/.vite holds the build's records (the manifest, the critical-CSS plan): the server reads them, nobody
      // downloads them.
      allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')),
      setHeaders(res, filePath) {
        const relative = path.relative(dist, filePath);
        if (relative.startsWith(`assets${path.sep}`)) res.setHeader('cache-control', IMMUTABLE);
        else if (relative === 'index.html') res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=86400');
      },
    });
  }

  const serverRenderer = indexHtml === null ? null : await loadServerRenderer(app, dist);
  const pageIn = Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      indexHtml === null ? '' : inLanguage(indexHtml, lang, serverRenderer?.language(lang) ?? null),
    ]),
  ) as Record<Language, string>;
  const secureCookies = config.publicUrl.startsWith('https://');

  /** The page's status and HTML: index.html in its language with the renderers' head tags. */
  const answer = async (
    request: FastifyRequest,
    pathname: string,
    routeStatus: 200 | 404,
    lang: Language,
  ) => {
    let status: number = routeStatus;
    let head = '';
    for (const render of renderers) {
      const page = await render(pathname, request, lang);
      if (page) {
        head = page.head;
        if (page.status) status = page.status;
        break;
      }
    }
    const path = withoutTrailingSlash(pathname);
    if (status === 200 && INDEXABLE.some((pattern) => pattern.test(path))) {
      const alternates = languageAlternates(config.publicUrl, pageUrl(pathname, request.url));
      head = head ? `${head}\n    ${alternates}` : alternates;
    }
    return { status, html: head ? withHead(pageIn[lang], head) : pageIn[lang] };
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply, routeStatus: 200 | 404) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage || indexHtml === null || pathname.startsWith('/assets/')) {
      return reply.status(404).send({ error: `No route for ${request.method} ${pathname}` });
    }
    const lang = pageLanguage(request, reply, secureCookies);
    if (serverRenderer?.renders(request)) {
      // A visitor's storefront page, rendered once and kept as bytes (compressed once per encoding) under the
      // catalogue's generation, so a write shows at once. A render that fails is not kept: the browser draws that
      // page, as it does for a signed-in shopper.
      try {
        // Only the query parameters the screens read make a different page: `/?utm_source=x` is `/`, so a flood of
        // made-up URLs cannot make the server render (or keep) a page per URL.
        const url = renderUrl(pathname, request.url);
        const key = `page:${lang}:${url}`;
        const page = await pageCache.get(key, async () => {
          const plain = await answer(request, pathname, routeStatus, lang);
          const html = await serverRenderer.fill(url, plain.html, lang);
          return new CachedBody(html, 'text/html; charset=utf-8', plain.status);
        });
        request.keptAnswer = { cache: pageCache, key };
        return sendCachedBody(request, reply, page);
      } catch (err) {
        if (err instanceof RenderDeclined) {
          request.log.info(
            { url: request.url, reason: err.message },
            'not rendered: the browser draws the page',
          );
        } else
          request.log.error({ err, url: request.url }, 'server render failed: the browser draws the page');
      }
    }
    const page = await answer(request, pathname, routeStatus, lang);
    return sendCachedBody(request, reply, new CachedBody(page.html, 'text/html; charset=utf-8', page.status));
  };
  app.setNotFoundHandler((request, reply) => servePage(request, reply, 404));
  if (indexHtml === null) return;
  // Each of the app's routes is a route here (the home page too: the static plugin would answer the "/" directory
  // with 403), so a page never waits for a file lookup on disk first.
  for (const url of CLIENT_ROUTES) {
    app.get(url, KEPT_ANSWER_ROUTE, (request, reply) => servePage(request, reply, 200));
  }
}
