import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { SSR_STATE_ID } from './lib/ssr-state';
import { createQueryClient } from './lib/query-client';
import './index.css';

const queryClient = createQueryClient();
const root = document.getElementById('root')!;
const state = document.getElementById(SSR_STATE_ID);

if (state?.textContent) {
  // The server rendered this page for a visitor (entry-server.tsx) with the answers it used: the same answers
  // make the first render here identical, so React attaches to the HTML instead of drawing it again.
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task, so a tap
  // during it is answered (and a cheap phone's main thread is never blocked for long).
  hydrate(queryClient, JSON.parse(state.textContent));
  startTransition(() => {
    hydrateRoot(root, <App queryClient={queryClient} />);
  });
} else {
  createRoot(root).render(<App queryClient={queryClient} />);
}
