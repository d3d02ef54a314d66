import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import type { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { answersAsOfNow } from '../lib/ssr-state';
import {
  createTranslator,
  documentLanguage,
  loadMessages,
  readPageMessages,
  setPageTranslator,
  type Translator,
} from '../i18n/i18n';
import { App } from './app';

/**
 * Draws the app into `root`: on a server-rendered page (`state` holds the answers it was rendered from,
 * entry-server.tsx) React attaches to the HTML; otherwise it draws the app itself. The page's language and its
 * texts are in the page too (the server wrote them: i18n/i18n.tsx); the dev server's page has none, so its
 * catalogue is loaded first (a chunk of its own).
 */
export function startApp(
  reactDom: { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot },
  root: HTMLElement,
  state: string | null | undefined,
) {
  const pageMessages = readPageMessages();
  if (pageMessages) {
    drawApp(reactDom, root, state, createTranslator(pageMessages.lang, pageMessages.messages));
    return;
  }
  const lang = documentLanguage();
  document.documentElement.lang = lang;
  void loadMessages(lang).then((messages) =>
    drawApp(reactDom, root, state, createTranslator(lang, messages)),
  );
}

function drawApp(
  reactDom: { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot },
  root: HTMLElement,
  state: string | null | undefined,
  translator: Translator,
) {
  setPageTranslator(translator);
  const queryClient = createQueryClient();
  if (state) {
    // The same answers make the first render here identical, so React attaches to the HTML instead of drawing it
    // again. As a transition, hydration yields to the browser every few milliseconds instead of one long task, so a
    // tap during it is answered (and a cheap phone's main thread is never blocked for long).
    hydrate(queryClient, answersAsOfNow(JSON.parse(state) as DehydratedState));
    startTransition(() => {
      reactDom.hydrateRoot(root, <App queryClient={queryClient} translator={translator} />);
    });
  } else {
    reactDom.createRoot(root).render(<App queryClient={queryClient} translator={translator} />);
  }
}
