import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** How long a new page may take to draw its heading (its code or data still arriving): about two seconds. */
const FRAMES = 120;

/** Whether this browser tab has drawn its first page (the shop and the back office each hold a PageFocus). */
let firstPageSeen = false;

/**
 * A page change inside the app moves keyboard focus to the new page's heading, as a full page load would start
 * there: a screen reader reads where the shopper now is, and the next Tab starts in the page, not on a link of the
 * page left behind. The first page is left alone (the browser starts it), and so are changes of the query alone.
 */
export function PageFocus() {
  const [location] = useLocation();
  useEffect(() => {
    if (!firstPageSeen) {
      firstPageSeen = true;
      return;
    }
    let frames = 0;
    let handle = 0;
    const look = () => {
      // The page left behind may still be in the document, hidden while the new one loads: only a drawn heading.
      const heading = Array.from(document.querySelectorAll<HTMLElement>('main h1')).find(
        (h) => h.getClientRects().length > 0,
      );
      const target = heading ?? (frames >= FRAMES ? document.querySelector<HTMLElement>('main') : null);
      if (target) {
        if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
        target.focus({ preventScroll: true });
        if (document.activeElement === target || frames >= FRAMES) return;
      }
      frames += 1;
      handle = requestAnimationFrame(look);
    };
    handle = requestAnimationFrame(look);
    return () => cancelAnimationFrame(handle);
  }, [location]);
  return null;
}
