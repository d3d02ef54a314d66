import { createContext, useContext, useEffect } from 'react';
import { pageTitle, type TitleArea } from '@urembo/contract/page-title';
import { useT } from '../i18n/i18n';

/**
 * Given by the server render (entry-server.tsx): receives the title the screen sets, which the server puts in the
 * page's <title>, so a server-rendered page keeps its title when the app starts. Absent in the browser.
 */
export const ServerTitle = createContext<((title: string) => void) | null>(null);

function useTitle(title: string): void {
  const toServer = useContext(ServerTitle);
  toServer?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Sets the tab title for a screen from the page's own name only ("Cart", a product's name): the hook adds the
 * shop's name, "Cart · Urembo" (the admin's "Orders · Urembo Admin").
 */
export function useDocumentTitle(page: string, area: TitleArea = 'shop'): void {
  useTitle(pageTitle(page, area));
}

/** The home page's title: "Urembo · <tagline>", the shop-wide title of the catalogues (`meta.title`). */
export function useHomeDocumentTitle(): void {
  const t = useT();
  useTitle(t('meta.title'));
}
