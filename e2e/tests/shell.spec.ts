import { expect, test } from '../support/test';
import { dismissSplash } from '../support/page';

test.describe('shop frame', () => {
  test('health names the database of this project', async ({ request }, testInfo) => {
    const res = await request.get('/api/v1/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: testInfo.project.name, database: 'up' });
  });

  test('an unknown path shows the not-found page with a Home link', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found · Urembo');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the splash once per browser session, then the frame', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5_000 });
    await page.reload();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    // The footer: shop address in Nairobi, phone, email and the five social links.
    const footer = page.locator('footer');
    await expect(footer).toContainText('Nairobi');
    await expect(footer.getByRole('link', { name: /^\+254/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /@urembo\.co\.ke/ })).toBeVisible();
    for (const name of ['Instagram', 'Pinterest', 'WhatsApp', 'Telegram', 'X']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('the search form navigates only for a non-blank term', async ({ page }) => {
    await page.goto('/no-such-page');
    await dismissSplash(page);
    const search = page.getByRole('banner').getByRole('searchbox').first();
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/no-such-page$/);
    await search.fill('rose water');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?search=rose%20water$/);
  });

  test('signed out, the header offers Sign up and Sign in', async ({ page }) => {
    await page.goto('/nowhere');
    await dismissSplash(page);
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
    ).toHaveCount(0);
  });

  test('the mobile menu opens and closes on a phone', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/nowhere');
    await dismissSplash(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'Shop', 'Cart', 'Orders', 'Sign up', 'Sign in']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
    await context.close();
  });

  test('caches hashed assets forever and index.html never', async ({ page, request }) => {
    const response = await page.goto('/nowhere');
    expect(response?.headers()['cache-control']).toBe('no-cache');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const script = await page.locator('script[type="module"]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('br');
  });
});
