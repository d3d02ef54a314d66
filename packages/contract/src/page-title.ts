/**
 * The one pattern of a page's title, in the tab and in the HTML the server sends, so the title does not change
 * when the app starts: "<page> · Urembo", the admin's "<table> · Urembo Admin", and the home page
 * "Urembo · <tagline>" (the catalogues' `meta.title`).
 */
export const SHOP_NAME = 'Urembo';
export const ADMIN_NAME = `${SHOP_NAME} Admin`;

export type TitleArea = 'shop' | 'admin';

/** A page's title from its own name ("Cart" → "Cart · Urembo"); no name is the area's bare name. */
export function pageTitle(page: string | null, area: TitleArea = 'shop'): string {
  const name = area === 'admin' ? ADMIN_NAME : SHOP_NAME;
  const own = page?.trim();
  return own ? `${own} · ${name}` : name;
}

/** The home page's title: the shop's name, then its tagline. */
export function homeTitle(tagline: string): string {
  return `${SHOP_NAME} · ${tagline}`;
}
