import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_CUSTOMER } from '../src/dev/accounts/seeder';
import { DEMO_PRODUCTS } from '../src/dev/catalogue/products';

/*
 * The built server (`npm run build`) keeps the demo (src/dev/) in chunks of its own that only import() loads, when
 * SEED_DEMO is on: what a real shop's process loads at start, server.js and every file it imports statically, holds
 * no demo data or demo code.
 */
const dist = path.resolve(import.meta.dirname, '../dist');

/** server.js and the chunks it imports statically (import() chunks are left out: they load only on demand). */
function filesLoadedAtStart(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    const text = readFileSync(path.join(dist, name), 'utf8');
    files.set(name, text);
    for (const match of text.matchAll(
      /(?:^|[;\s])(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?["']\.\/([^"']+)["']/g,
    ))
      visit(match[1]!);
  };
  visit('server.js');
  return files;
}

describe('the production bundle', () => {
  it('is built (npm test builds it first)', () => {
    expect(existsSync(path.join(dist, 'server.js')), 'run `npm run build` before the tests').toBe(true);
  });

  it('loads no demo code or demo data at start', () => {
    const files = filesLoadedAtStart();
    expect(files.size).toBeGreaterThan(1);
    const demoMarkers = [
      DEMO_CUSTOMER.fullName,
      DEMO_CUSTOMER.password,
      DEMO_ADMIN_PHONE,
      DEMO_PRODUCTS[0]!.name,
      'Yaya Centre',
      'demo-seed:',
      // The Daraja simulator and its test phone (src/dev/daraja-simulator/).
      'any 4 digits work here',
      'Enter M-PESA PIN',
    ];
    for (const [name, text] of files) {
      for (const marker of demoMarkers)
        expect(text.includes(marker), `${name} holds "${marker}"`).toBe(false);
    }
  });

  it('keeps the demo in a chunk that server.js loads by import()', () => {
    const server = readFileSync(path.join(dist, 'server.js'), 'utf8');
    const dynamic = [...server.matchAll(/import\(["']\.\/([^"']+)["']\)/g)].map((m) => m[1]!);
    const demoChunk = dynamic.find((name) =>
      readFileSync(path.join(dist, name), 'utf8').includes(DEMO_CUSTOMER.fullName),
    );
    expect(demoChunk, 'no import() chunk holds the demo').toBeDefined();
    expect(filesLoadedAtStart().has(demoChunk!)).toBe(false);
  });
});
