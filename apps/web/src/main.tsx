import { SSR_STATE_ID } from './lib/ssr-state';
import './index.css';

/** Resolves in a later task, so the browser can paint and answer a tap in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app starts in three steps, each a task of its own: running React's code, running the app's code, then
 * drawing (or hydrating) the page. Together they were one long task on a slowed phone, during which a tap waited;
 * apart, each is short. The server preloads all their files at once (vite.config.ts lists them in index.html).
 */
async function start() {
  const reactDom = await import('react-dom/client');
  await nextTask();
  const { startApp } = await import('./app/start');
  await nextTask();
  startApp(reactDom, document.getElementById('root')!, document.getElementById(SSR_STATE_ID)?.textContent);
}

void start();
