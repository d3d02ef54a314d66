import type { Page } from '@playwright/test';
import { adminRequest, createProduct } from '../support/api';
import { skipSplash } from '../support/page';
import { expect, gotoBeforeScripts, test } from '../support/test';

/**
 * A visitor's first page runs no app code until she acts on it (public/boot.js, decision 034): it arrives whole from
 * the server, its scripts download meanwhile, and her first tap, click or typing starts the app and is not lost.
 */
const appRuns = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src^="/assets/"]') !== null);

const isLive = (page: Page) => page.evaluate(() => document.documentElement.dataset.ready === 'true');

/** The page has loaded and its scripts have downloaded (they are preloaded after the first paint). */
async function loadedAndIdle(page: Page, path: string) {
  await gotoBeforeScripts(page, path, { waitUntil: 'networkidle' });
}

test.describe('a first visit', () => {
  test.beforeEach(async ({ page }) => {
    await skipSplash(page);
  });

  test('shows the whole page and runs no app code until the shopper acts', async ({ page, baseURL }) => {
    const admin = await adminRequest(baseURL!);
    const product = await createProduct(admin, { name: `Idle Balm ${Date.now()}`, price: 700 });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await loadedAndIdle(page, `/product/${product.slug}`);
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' }).first()).toBeVisible();
    // The scripts and the whole stylesheet are fetched ahead (into the cache), not run or applied.
    const boot = page.locator('script[src="/boot.js"]');
    const entry = (await boot.getAttribute('data-entry'))!;
    const stylesheet = (await boot.getAttribute('data-css'))!;
    await expect.poll(() => fetched.includes(entry) && fetched.includes(stylesheet)).toBe(true);
    await expect(page.locator('link[rel="stylesheet"], link[rel="modulepreload"]')).toHaveCount(0);
    expect(await appRuns(page)).toBe(false);
    expect(await isLive(page)).toBe(false);
    // Its links work as links meanwhile: the shop opens, rendered by the server.
    await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await isLive(page)).toBe(false);
  });

  test('a tap on Add to cart before the app runs starts it and adds the product', async ({
    page,
    baseURL,
  }) => {
    const admin = await adminRequest(baseURL!);
    const product = await createProduct(admin, { name: `First Tap Serum ${Date.now()}`, price: 1200 });
    await loadedAndIdle(page, `/product/${product.slug}`);
    expect(await appRuns(page)).toBe(false);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect(page.getByRole('link', { name: /Cart, 1 item/ }).first()).toBeVisible();
    expect(await isLive(page)).toBe(true);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('urembo:guest-cart') ?? '[]'));
    expect(kept).toEqual([{ productId: product._id, count: 1 }]);
  });

  test('what she types before the app runs is what the app searches for', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loadedAndIdle(page, '/shop');
    const search = page.getByRole('searchbox').first();
    // Typed at once: the app starts with her first key, and the rest arrives while it does.
    await search.pressSequentially('serum');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?search=serum/);
    expect(await isLive(page)).toBe(true);
  });

  test('a visitor with a cart kept in her browser gets the app at once, and the cart page from her browser', async ({
    page,
    baseURL,
  }) => {
    const admin = await adminRequest(baseURL!);
    const product = await createProduct(admin, { name: `Kept Lotion ${Date.now()}`, price: 950 });
    // An empty cart is rendered by the server, and waits for the shopper like any first page.
    await loadedAndIdle(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(await appRuns(page)).toBe(false);

    await page.evaluate((id) => {
      localStorage.setItem('urembo:guest-cart', JSON.stringify([{ productId: id, count: 2 }]));
      document.cookie = 'urembo_cart=1; path=/';
    }, product._id);
    await loadedAndIdle(page, `/product/${product.slug}`);
    await expect(page.getByRole('link', { name: /Cart, 2 items/ }).first()).toBeVisible();
    await loadedAndIdle(page, '/cart');
    await expect(
      page.getByRole('list', { name: 'Cart items' }).getByText(product.name, { exact: true }),
    ).toBeVisible();
  });
});
