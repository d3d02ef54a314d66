import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while a server-rendered page is being hydrated; true once the app runs in the browser.
 * A form whose submit button waits for it cannot be sent by the browser itself before the app handles it (which
 * would put a password in the URL of a GET).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
