import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGES } from '@urembo/contract/pages';
import { describe, expect, it } from 'vitest';

/*
 * The JavaScript a first visit to "/" downloads, measured on the production build (`npm test` builds first):
 * the entry chunk and its static imports, plus the home route's lazy chunk and its static imports, read from
 * Vite's manifest. The product must be fast on a cheap phone on a slow network, so at most 120 KB gzip, and none of the
 * admin panel's code.
 */

const BUDGET_BYTES = 120 * 1024;
const HOME_SCREEN = PAGES.home.screen;
const dist = path.resolve(import.meta.dirname, '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The entry and the steps main.tsx loads with import() as it starts (React, the app): every page runs them. */
function startKeys(manifest: Record<string, Chunk>): string[] {
  return ['index.html', ...(manifest['index.html']?.dynamicImports ?? [])];
}

function staticClosure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

describe('first visit to the home page', () => {
  it('downloads at most 120 KB of gzipped JavaScript and no admin code', () => {
    expect(existsSync(manifestFile), `no ${manifestFile}: run \`npm run build\` first`).toBe(true);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
    expect(entry).toBe('index.html');
    const start = staticClosure(manifest, startKeys(manifest));
    expect(
      [...start].some((key) => manifest[key]!.dynamicImports?.includes(HOME_SCREEN)),
      'the home screen must be a lazy route',
    ).toBe(true);
    expect(start.has(HOME_SCREEN), 'the home screen must be a lazy route').toBe(false);

    const keys = staticClosure(manifest, [...startKeys(manifest), HOME_SCREEN]);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    let total = 0;
    const sizes: Record<string, number> = {};
    for (const file of files) {
      const body = readFileSync(path.join(dist, file));
      sizes[file] = gzipSync(body, { level: 9 }).length;
      total += sizes[file]!;

      const text = body.toString('utf8');
      // Strings only the admin panel has: its toasts and its table screens.
      for (const adminOnly of [
        'Failed to create product',
        'new category added',
        'Product updated successfully!',
      ]) {
        expect(text.includes(adminOnly), `${file} contains admin code ("${adminOnly}")`).toBe(false);
      }
    }
    for (const key of keys)
      expect(key, 'an admin module is loaded on the first visit').not.toMatch(/\/admin\//);

    console.warn(
      `first visit to /: ${(total / 1024).toFixed(1)} KB gzip in ${files.length} files\n` +
        Object.entries(sizes)
          .sort((a, b) => b[1] - a[1])
          .map(([f, n]) => `  ${(n / 1024).toFixed(1).padStart(6)} KB  ${f}`)
          .join('\n'),
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    // The measurement is real: react-dom alone is over 60 KB.
    expect(total).toBeGreaterThan(60 * 1024);
  });

  it('keeps the admin tables out of the storefront chunks', () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    // Every admin module the build has (the admin shell lazy-loads them from app/admin-tables.ts).
    const adminTables = Object.keys(manifest).filter((k) => /features\/[^/]+\/admin\//.test(k));
    const storefront = staticClosure(manifest, [
      ...startKeys(manifest),
      HOME_SCREEN,
      'src/features/catalogue/screens/shop-page.tsx',
      'src/features/catalogue/screens/search-page.tsx',
      'src/app/screens/product-screen.tsx',
    ]);
    for (const key of adminTables) expect(storefront.has(key), key).toBe(false);
  });

  it('keeps the QR code library out of every page: only the two-factor setup loads it, by import()', () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    // A string of qrcode's own (its encoder's error for a text too long for any QR version).
    const holdsQr = (key: string) =>
      readFileSync(path.join(dist, manifest[key]!.file), 'utf8').includes('The amount of data is too big');
    const qrChunks = Object.keys(manifest).filter(holdsQr);
    expect(qrChunks, 'no chunk holds the QR library').toHaveLength(1);
    expect(manifest[qrChunks[0]!]!.isDynamicEntry, 'the QR library is not loaded by import()').toBe(true);
    // Every page's screen with what it imports statically, the profile (where the setup is) included.
    const screens = Object.values(PAGES)
      .map((page): string | undefined => ('screen' in page ? page.screen : undefined))
      .filter((key): key is string => key !== undefined && manifest[key] !== undefined);
    expect(screens).toContain('src/app/screens/profile-screen.tsx');
    const pages = staticClosure(manifest, [...startKeys(manifest), ...screens]);
    expect(pages.has(qrChunks[0]!), `${qrChunks[0]} is loaded with a page`).toBe(false);
  });
});
