import type { FastifyRequest } from 'fastify';
import type { Language } from '@urembo/contract/languages';

/**
 * What a page renderer puts in index.html's head for one URL (title, meta tags, JSON-LD): it replaces the default
 * title and description between <!--app-head--> and <!--/app-head-->. `status` overrides the answer's status.
 */
export interface PageHead {
  status?: number;
  head: string;
}
export type PageRenderer = (
  pathname: string,
  request: FastifyRequest,
  lang: Language,
) => Promise<PageHead | null>;
