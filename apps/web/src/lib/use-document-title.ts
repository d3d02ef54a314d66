import { useEffect } from 'react';

/** Sets the tab title for a screen (seed §2: titles are set per screen). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
