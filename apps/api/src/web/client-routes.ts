import { PAGES } from '@urembo/contract/pages';

/**
 * The web app's routes, as Fastify paths (the storefront's page table, PAGES, shared with the web router): the
 * server answers each with the app's page and 200 (a route of its own, so no static-file lookup happens first); any
 * other path gets the same app (which shows the not-found page) with status 404, so search engines do not index
 * soft 404s.
 */
export const CLIENT_ROUTES: readonly string[] = Object.values(PAGES).map((page) => page.path);
