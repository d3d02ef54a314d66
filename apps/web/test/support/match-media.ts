/*
 * jsdom has no matchMedia; react-hot-toast's <Toaster> asks it about reduced motion. A test that imports this file
 * gets one that matches nothing (so a media query hook sees a phone).
 */
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
