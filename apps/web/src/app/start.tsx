import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import type { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { answersAsOfNow } from '../lib/ssr-state';
import { App } from './app';

/**
 * Draws the app into `root`: on a server-rendered page (`state` holds the answers it was rendered from,
 * entry-server.tsx) React attaches to the HTML; otherwise it draws the app itself.
 */
export function startApp(
  reactDom: { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot },
  root: HTMLElement,
  state: string | null | undefined,
) {
  const queryClient = createQueryClient();
  if (state) {
    // The same answers make the first render here identical, so React attaches to the HTML instead of drawing it
    // again. As a transition, hydration yields to the browser every few milliseconds instead of one long task, so a
    // tap during it is answered (and a cheap phone's main thread is never blocked for long).
    hydrate(queryClient, answersAsOfNow(JSON.parse(state) as DehydratedState));
    startTransition(() => {
      reactDom.hydrateRoot(root, <App queryClient={queryClient} />);
    });
  } else {
    reactDom.createRoot(root).render(<App queryClient={queryClient} />);
  }
}
