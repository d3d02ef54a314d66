/**
 * The server render of the storefront: the API process imports this bundle (dist-ssr/entry-server.js) and
 * renders a visitor's first screen to HTML with the data it shows, so the page paints before any JavaScript runs;
 * the browser then hydrates it (main.tsx) from the same answers. Data comes from the screens' own queries: a first
 * render records which queries they ask for, those are fetched through the API in-process (setApiTransport), and
 * the page is rendered again with the answers, until no screen asks for more (a product, then its related products).
 */
import { dehydrate, type Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
// The edge build, not react-dom/server's Node build: that one keeps an AsyncLocalStorage, and on Node 20 its first
// render turns on async hooks for the whole process, so every promise of every request (cached pages, API answers)
// paid for them from then on: measured 2026-11-24, the product page went from 13,000 to 17,000 requests a second.
import { renderToReadableStream } from 'react-dom/server.edge';
import { App } from './app/app';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { jsonForScript } from '@urembo/contract/text';
import { SSR_STATE_ID } from './lib/ssr-state';
import { ServerTitle } from './lib/use-document-title';
import type { Language } from '@urembo/contract/languages';
import { createTranslator, I18N_STATE_ID, type Messages } from './i18n/i18n';
import { en } from './i18n/catalogues/en';
import { sw } from './i18n/catalogues/sw';

export { setApiTransport };

const CATALOGUES: Record<Language, Messages> = { en, sw };
const translators = { en: createTranslator('en', en), sw: createTranslator('sw', sw) };
const i18nScripts = Object.fromEntries(
  Object.entries(CATALOGUES).map(([lang, messages]) => [
    lang,
    `<script type="application/json" id="${I18N_STATE_ID}">${jsonForScript({ lang, messages })}</script>`,
  ]),
) as Record<Language, string>;

/**
 * What the server puts in every page of the app in `lang` (rendered or not): the language's catalogue as a JSON
 * script, which main.tsx reads before its first render, and the shop-wide title and description in that language.
 */
export function pageLanguage(lang: Language): { script: string; title: string; description: string } {
  return {
    script: i18nScripts[lang],
    title: CATALOGUES[lang]['meta.title'],
    description: CATALOGUES[lang]['meta.description'],
  };
}

const MAX_PASSES = 4;
const RENDER_TIMEOUT_MS = 5_000;

async function renderHtml(element: ReactNode): Promise<string> {
  let failure: unknown = null;
  const stream = await renderToReadableStream(element, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // Never outline a large boundary behind an inline script (the CSP allows none, and nothing streams here).
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      failure ??= error;
    },
  });
  // Every lazy screen is loaded before the HTML is written: search engines and slow phones get the whole page.
  await stream.allReady;
  const html = await new Response(stream).text();
  // A screen that throws would leave a hole for the browser to fill: the caller serves the plain app instead.
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

/** A query a screen asked for that has neither data nor an error yet, and that the screen wants run now. */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

export interface ServerRender {
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** The answers the markup was made from: a JSON `<script>` for after the root, which main.tsx hydrates from. */
  state: string;
  /** The title the screen sets (useDocumentTitle), for the page's <title>; null when it sets none. */
  title: string | null;
}

/**
 * Renders `url` (path and query) as a signed-out visitor sees it; null when an answer a screen needs failed (an
 * unknown product, a database that does not answer). The browser draws that page itself: the state inlined here
 * holds only answers that succeeded, so hydrating an error screen from it would not match, and a failure must not be
 * kept as the page everyone gets.
 */
export async function render(url: string, lang: Language = 'en'): Promise<ServerRender | null> {
  const queryClient = createQueryClient();
  // A failed answer is left to the browser to retry: the server does not wait out back-offs.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  let title: string | null = null;
  const setTitle = (screenTitle: string) => {
    title = screenTitle;
  };
  try {
    for (let pass = 1; ; pass++) {
      const html = await renderHtml(
        <ServerTitle value={setTitle}>
          <App queryClient={queryClient} translator={translators[lang]} ssrPath={url} />
        </ServerTitle>,
      );
      const queries = queryClient.getQueryCache().getAll().filter(waiting);
      if (queries.length === 0 || pass === MAX_PASSES) {
        if (
          queryClient
            .getQueryCache()
            .getAll()
            .some((query) => query.state.status === 'error')
        )
          return null;
        return {
          html,
          state: `<script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(dehydrate(queryClient))}</script>`,
          title,
        };
      }
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
    }
  } finally {
    queryClient.clear();
  }
}
