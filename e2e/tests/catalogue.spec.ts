import { deflateSync } from 'node:zlib';
import { expect, test } from '../support/test';
import { signInAdmin } from '../support/api';
import { skipSplash } from '../support/page';
import type { Product } from '@urembo/contract/catalogue';

/*
 * The storefront on the demo catalogue (SEED_DEMO=true): home, shop, search, product pages, what the server puts
 * in a product page for search engines, and the admin products table when an admin can sign in.
 */

test.describe('catalogue', () => {
  test.beforeEach(async ({ page }) => {
    await skipSplash(page);
  });

  test('home shows featured products, 10 a page, and Previous / Next page through them', async ({
    page,
    request,
  }) => {
    const api = await (await request.get('/api/v1/products/featuredandnew?page=2')).json();
    expect(api.totalPages).toBeGreaterThan(1);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Urembo · Beauty products delivered across Kenya');
    await expect(page.getByRole('heading', { name: 'Our Featured Products' })).toBeVisible();
    const grid = page.getByRole('list', { name: 'Featured products' });
    await expect(grid.getByRole('listitem')).toHaveCount(10);
    const firstOnPage1 = await grid.getByRole('heading').first().textContent();
    await expect(page.getByText(`Page 1 of ${api.totalPages}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/\?page=2$/);
    await expect(page.getByText(`Page 2 of ${api.totalPages}`)).toBeVisible();
    await expect(grid.getByRole('heading').first()).not.toHaveText(firstOnPage1!);
    // The cards are the API's second page, in order.
    const firstName: string = api.data[0].name;
    await expect(grid.getByRole('link').first()).toHaveText(firstName);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(grid.getByRole('heading').first()).toHaveText(firstOnPage1!);

    // Promo tiles lead to the shop with that category selected; service highlights are there.
    for (const name of ['Shipping', 'Returns', '24/7 online support', 'Electronic payments']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: /Shop skin care/ }).click();
    await expect(page).toHaveURL(/\/shop\?category=[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Skin Care' })).toBeVisible();
  });

  test('shop tabs filter by category, and the URL keeps the category and page', async ({ page, request }) => {
    const categories: { _id: string; category: string }[] = (
      await (await request.get('/api/v1/category')).json()
    ).data;
    const makeUp = categories.find((c) => c.category === 'Make-up')!;
    const expected: Product[] = (
      await (await request.get(`/api/v1/products?category=${makeUp._id}&limit=10`)).json()
    ).data;

    await page.goto('/shop');
    await expect(page).toHaveTitle('Shop · Urembo');
    const tabs = page.getByRole('navigation', { name: 'Categories' });
    await expect(tabs.getByRole('link')).toHaveCount(categories.length + 1);
    await expect(tabs.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

    await tabs.getByRole('link', { name: 'Make-up' }).click();
    await expect(page).toHaveURL(`/shop?category=${makeUp._id}`);
    await expect(tabs.getByRole('link', { name: 'Make-up' })).toHaveAttribute('aria-current', 'page');
    // One card per product; a card's first link opens its product (a product in shades has a second, "Choose").
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await expect(cards).toHaveCount(expected.length);
    for (const [i, p] of expected.entries()) {
      await expect(cards.nth(i).getByRole('link').first()).toHaveAttribute('href', `/product/${p.slug}`);
    }

    // Back returns to "All"; forward to Make-up again.
    await page.goBack();
    await expect(tabs.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Make-up' })).toBeVisible();

    // A shared link to page 2 of everything opens page 2.
    await page.goto('/shop?page=2');
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  });

  test('search for "serum" finds serums, with the message in green', async ({ page }) => {
    await page.goto('/shop');
    const search = page.getByRole('banner').getByRole('searchbox').first();
    await search.fill('serum');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?search=serum$/);
    await expect(page).toHaveTitle('Search: serum · Urembo');
    const message = page.getByText(/^Found \d+ products? for "serum"$/);
    await expect(message).toBeVisible();
    // Tailwind's green-700, whose hue is about 150 degrees.
    const color = await message.evaluate((el) => getComputedStyle(el).color);
    const hue = Number(/oklch\([\d.]+ [\d.]+ ([\d.]+)\)/.exec(color)?.[1]);
    expect(hue, color).toBeGreaterThan(130);
    expect(hue, color).toBeLessThan(170);
    const labels = await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('link')
      .allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(3);
    // Products named "... Serum" come before ones that only mention serums in their description.
    const named = labels.map((l) => /serum/i.test(l));
    expect(named.slice(0, 3)).toEqual([true, true, true]);
    expect(named.indexOf(false) === -1 || named.slice(named.indexOf(false)).every((n) => !n)).toBe(true);
  });

  for (const term of [`') OR 1=1--`, `<script>alert(1)</script>`]) {
    test(`search for ${term} answers 200 and shows the term as text`, async ({ page, request }) => {
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      const api = await request.get(`/api/v1/products/search?search=${encodeURIComponent(term)}`);
      expect(api.status()).toBe(200);
      // The page comes rendered by the server with the same answer (no second request from the browser).
      const response = await page.goto(`/search?search=${encodeURIComponent(term)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${term}”`);
      await expect(page.getByRole('status').filter({ hasText: `for "${term}"` })).toBeVisible();
      await expect(page).toHaveTitle(`Search: ${term} · Urembo`);
      expect(await page.locator('main script').count()).toBe(0);
      expect(dialogs).toEqual([]);
    });
  }

  test('a product page shows the details and related products of its category', async ({ page, request }) => {
    const product: Product = await (await request.get('/api/v1/products/rose-water-toner')).json();
    await page.goto('/product/rose-water-toner');
    await expect(page).toHaveTitle('Rose Water Toner · Urembo');
    await expect(page.getByRole('heading', { level: 1, name: 'Rose Water Toner' })).toBeVisible();
    await expect(page.getByText('Ksh 850', { exact: true })).toBeVisible();
    // Nobody has reviewed it: no stars, never "5 of 5".
    await expect(page.getByText('No reviews yet').first()).toBeVisible();
    await expect(page.getByText('5 of 5')).toHaveCount(0);
    await expect(page.getByText(/steam-distilled rose water/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to use' })).toBeVisible();
    await expect(page.getByRole('link', { name: '#toner' })).toBeVisible();
    // Two pictures: the carousel has thumbnails; the first is loaded eagerly with a srcset.
    const first = page.getByRole('img', { name: 'Rose Water Toner, picture 1' });
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('srcset', /-320\.webp 320w, .*-640\.webp 640w, .*-1200\.webp 1200w$/);
    await page.getByRole('button', { name: 'Show picture 2' }).click();
    await expect(page.getByRole('button', { name: 'Show picture 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    const related = page.getByRole('list', { name: 'Related products' });
    await expect(page.getByRole('heading', { name: `More ${product.category!.category}` })).toBeVisible();
    const relatedLinks = related.getByRole('link');
    expect(await relatedLinks.count()).toBeGreaterThanOrEqual(4);
    expect(await relatedLinks.count()).toBeLessThanOrEqual(8);
    const target = await relatedLinks.first().getAttribute('href');
    await relatedLinks.first().click();
    await expect(page).toHaveURL(target!);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Rose Water Toner');
    // The product and each related card offer the cart's buttons.
    await expect(page.getByRole('button', { name: 'Add to cart' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy now' }).first()).toBeVisible();
  });

  test('the server puts title, Open Graph and JSON-LD into a product page; unknown slugs are 404', async ({
    request,
    page,
  }) => {
    const res = await request.get('/product/rose-water-toner');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Rose Water Toner · Urembo</title>');
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/v1\/images\/[0-9a-f]{64}-1200\.webp" \/>/,
    );
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Rose Water Toner',
      offers: { priceCurrency: 'KES', price: '850' },
    });

    const missing = await page.goto('/product/no-such-product');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found · Urembo');
  });

  test('pictures are cached for a year, sitemap and robots are served', async ({ request }) => {
    const product = await (await request.get('/api/v1/products/rose-water-toner')).json();
    const image = await request.get(product.images[0]);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await request.get(product.images[0], {
      headers: { 'if-none-match': image.headers().etag! },
    });
    expect(again.status()).toBe(304);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/product\/rose-water-toner<\/loc>/);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
  });

  test('the shop looks right on a phone', async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await skipSplash(page);
    for (const path of ['/', '/shop', '/search?search=serum', '/product/rose-water-toner']) {
      await page.goto(path);
      await expect(page.locator('main img').first()).toBeVisible();
      // Two cards per row and nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const file = testInfo.outputPath(`phone${path.replace(/[^a-z0-9]+/gi, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`phone ${path}`, { path: file, contentType: 'image/png' });
    }
    await context.close();
  });

  test('an admin creates a product with a picture in the admin products table', async ({ page }) => {
    await page.goto(`/admin/${await signInAdmin(page.request)}/products`);
    await page.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('form', { name: 'Create product form' });
    const name = `E2E Marula Glow Oil ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Price (Ksh)').fill('1999');
    await form.getByLabel('Category').selectOption({ label: 'Body Care' });
    await form.getByLabel('Tags (comma-separated)').fill('marula, oil');
    await form
      .getByLabel('Images')
      .setInputFiles({ name: 'pink.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(form.getByRole('img', { name: 'New image 1' })).toBeVisible();
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Product created')).toBeVisible();
    await expect(page.getByText(name.slice(0, 25))).toBeVisible();

    const found = await (
      await page.request.get(`/api/v1/products/search?search=${encodeURIComponent('marula glow')}`)
    ).json();
    const created = found.data.find((p: Product & { images: string[] }) => p.name === name);
    expect(created.images).toHaveLength(1);
    expect((await page.request.get(created.images[0])).status()).toBe(200);
  });
});

/** A 4 x 4 pink PNG, built by hand (no image library in the e2e package). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.concat(
    Array.from({ length: 4 }, () => Buffer.from([0, ...Array(4).fill([240, 140, 170]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
