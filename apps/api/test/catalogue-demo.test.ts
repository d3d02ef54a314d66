import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Product } from '@urembo/contract/catalogue';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/dev/seed-demo';
import { catalogueDemoSeeder, interleaveByCategory } from '../src/dev/catalogue/seeder';
import { demoPictureSvg, shade, wrapWords } from '../src/dev/catalogue/pictures';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../src/dev/catalogue/products';
import { DEMO_EXPIRING_SOON, INGREDIENTS } from '../src/dev/catalogue/product-facts';
import {
  EXPIRY_WARNING_DAYS,
  findBannedIngredient,
  isExpired,
  lastMonthExpiringWithin,
} from '@urembo/contract/product-facts';
import { describeEachDialect } from './support/test-app';

describe('demo catalogue data', () => {
  it('has 8 categories and at least 60 believable products', () => {
    expect(DEMO_CATEGORIES.map((c) => c.name)).toEqual([
      'Skin Care',
      'Make-up',
      'Hair Care',
      'Fragrance',
      'Body Care',
      'Nail Care',
      "Men's Grooming",
      'Tools & Accessories',
    ]);
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(60);
    const names = new Set(DEMO_PRODUCTS.map((p) => p.name));
    expect(names.size).toBe(DEMO_PRODUCTS.length);
    for (const p of DEMO_PRODUCTS) {
      expect(
        DEMO_CATEGORIES.some((c) => c.name === p.category),
        p.name,
      ).toBe(true);
      expect(Number.isInteger(p.price) && p.price >= 100 && p.price <= 10_000, p.name).toBe(true);
      expect(p.description.length, p.name).toBeGreaterThan(30);
      expect(p.usage.length, p.name).toBeGreaterThan(10);
      expect(p.tags.length, p.name).toBeGreaterThan(0);
    }
    const inactive = DEMO_PRODUCTS.filter((p) => p.inactive).length;
    expect(inactive).toBeGreaterThanOrEqual(1);
    expect(inactive).toBeLessThanOrEqual(2);
    expect(DEMO_PRODUCTS.filter((p) => p.featured).length).toBeGreaterThanOrEqual(10);
    expect(DEMO_PRODUCTS.filter((p) => p.isNew).length).toBeGreaterThanOrEqual(10);
  });

  it('names ingredient lists only for products of the demo', () => {
    const names = new Set(DEMO_PRODUCTS.map((p) => p.name));
    for (const name of [...Object.keys(INGREDIENTS), DEMO_EXPIRING_SOON])
      expect(names.has(name), name).toBe(true);
  });

  it('mixes categories at the top of the lists', () => {
    const first = interleaveByCategory(DEMO_PRODUCTS).slice(0, 8);
    expect(new Set(first.map((p) => p.category)).size).toBe(8);
  });

  it('draws escaped SVG with the name on it', () => {
    const svg = demoPictureSvg({
      name: 'Shea & <Coconut>',
      kind: 'jar',
      color: '#aabbcc',
      backdrop: { light: '#ffffff', deep: '#cccccc' },
    });
    expect(svg).toContain('Shea &amp; &lt;Coconut&gt;');
    expect(svg).not.toContain('<Coconut>');
    expect(shade('#808080', 0.5)).toBe('#c0c0c0');
    expect(shade('#808080', -0.5)).toBe('#404040');
    expect(wrapWords('Gel-Effect Nail Polish Midnight Navy', 12)).toEqual([
      'Gel-Effect',
      'Nail Polish',
      'Midnight Navy',
    ]);
  });
});

describeEachDialect('demo catalogue seeder', (ctx) => {
  it('fills an empty catalogue once, with pictures on disk, fast', async () => {
    const { database, config, app } = ctx();
    const started = Date.now();
    const done = await seedDemoData(database.db, config, app.log, [catalogueDemoSeeder]);
    const seconds = (Date.now() - started) / 1000;
    expect(done).toEqual(['catalogue']);
    // 20 s is the budget on a quiet 2-core machine; leave room for a busy test run.
    expect(seconds).toBeLessThan(60);

    const categories = (await app.inject({ method: 'GET', url: '/api/v1/category' })).json().data;
    expect(categories).toHaveLength(8);
    const list = (await app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json();
    expect(list.total).toBe(DEMO_PRODUCTS.length - DEMO_PRODUCTS.filter((p) => p.inactive).length);
    for (const p of list.data as Product[]) {
      expect(p.images.length, p.name).toBeGreaterThan(0);
      for (const url of p.images) {
        const file = url.replace('/api/v1/images/', '');
        for (const w of [320, 640, 1200]) {
          expect(existsSync(path.join(config.dataDir, 'images', file.replace('-1200', `-${w}`))), file).toBe(
            true,
          );
        }
      }
    }
    const featured = (await app.inject({ method: 'GET', url: '/api/v1/products/featuredandnew' })).json();
    expect(featured.total).toBeGreaterThanOrEqual(20);
    const search = (await app.inject({ method: 'GET', url: '/api/v1/products/search?search=serum' })).json();
    expect(search.total).toBeGreaterThanOrEqual(3);
    expect(search.data[0].name).toMatch(/Serum/);

    // Brands, registrations, best-before months (one expiring within the dashboard's 60 days) and ingredients.
    const all = list.data as Product[];
    expect(all.every((p) => p.brand)).toBe(true);
    const cosmetics = all.filter((p) => p.category?.category !== 'Tools & Accessories');
    for (const p of cosmetics) {
      expect(p.registration, p.name).toMatch(/^KEBS SM#\d{6}$/);
      expect(p.expiresOn, p.name).toMatch(/^\d{4}-\d{2}$/);
      expect(p.ingredients, p.name).toBeTruthy();
      expect(findBannedIngredient(p.ingredients), p.name).toBeNull();
      expect(isExpired(p.expiresOn), p.name).toBe(false);
    }
    const soon = lastMonthExpiringWithin(EXPIRY_WARNING_DAYS);
    expect(cosmetics.filter((p) => p.expiresOn! <= soon).map((p) => p.name)).toEqual([DEMO_EXPIRING_SOON]);
    const brands = (await app.inject({ method: 'GET', url: '/api/v1/brands' })).json().data;
    expect(brands.length).toBeGreaterThanOrEqual(8);
    const byBrand = (
      await app.inject({ method: 'GET', url: '/api/v1/products/search?search=savanna%20glow' })
    ).json();
    expect(byBrand.total).toBeGreaterThanOrEqual(5);

    // A second start does nothing.
    expect(await seedDemoData(database.db, config, app.log, [catalogueDemoSeeder])).toEqual([]);
  }, 120_000);
});
