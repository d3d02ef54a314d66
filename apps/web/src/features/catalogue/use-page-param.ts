import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** A whole number >= 1 from a query value, else 1. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * A list's page (and other filters) kept in the URL query, so back/forward and shared links show the same page.
 * Changing it adds a history entry; page 1 is left out of the URL.
 */
export function useQueryState() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: Record<string, string | number | null>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams],
  );
  return [params, set] as const;
}

/** Brings the top of a list into view after its page changed. */
export function scrollToList(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - 130;
  if (window.scrollY > top) window.scrollTo({ top, behavior: 'smooth' });
}
