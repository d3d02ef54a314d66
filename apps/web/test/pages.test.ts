import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, type PageId, PAGES, type ScreenPageId } from '@urembo/contract/pages';
import { describe, expect, it } from 'vitest';
import { SCREEN_LOADERS } from '../src/app/routes';

/*
 * The storefront's page table (@urembo/contract/pages) is the one list of pages: the router draws its paths, the
 * server answers them and renders the marked ones with their screen's chunk. These checks fail when the router's
 * screens and the table disagree.
 */

const web = path.resolve(import.meta.dirname, '..');
const pages = Object.entries(PAGES) as [PageId, Page][];

describe('the page table', () => {
  it('gives every page a screen or a redirect, and the router a screen for each', () => {
    const withScreens = pages.filter(([, page]) => page.screen).map(([id]) => id);
    expect(Object.keys(SCREEN_LOADERS).sort()).toEqual(withScreens.sort());
    for (const [id, page] of pages) expect(Boolean(page.screen) !== Boolean(page.redirect), id).toBe(true);
  });

  it.each(pages.filter(([, page]) => page.screen))(
    'the router draws %s with the module the table names',
    async (id, page) => {
      const file = path.join(web, page.screen!);
      expect(existsSync(file), `${id}: ${page.screen} does not exist`).toBe(true);
      const named = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      const drawn = (await SCREEN_LOADERS[id as ScreenPageId]()).default;
      expect(drawn, `${id}: the router's screen is not ${page.screen}'s ${page.export ?? 'default'}`).toBe(
        named[page.export ?? 'default'],
      );
    },
    20_000,
  );

  it('has unique paths', () => {
    const paths = pages.map(([, page]) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names screens the build has as lazy chunks (the server preloads them by these names)', () => {
    const manifestFile = path.join(web, 'dist/.vite/manifest.json');
    expect(existsSync(manifestFile), `no ${manifestFile}: run \`npm run build\` first`).toBe(true);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
      string,
      { isDynamicEntry?: boolean }
    >;
    for (const [id, page] of pages.filter(([, p]) => p.screen)) {
      expect(manifest[page.screen!]?.isDynamicEntry, `${id}: ${page.screen} is no lazy chunk`).toBe(true);
    }
  });
});
