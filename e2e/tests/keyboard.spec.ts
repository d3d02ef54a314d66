import { expect, test, type Browser, type Page } from '../support/test';
import {
  adminRequest,
  createProduct,
  deliveryPlace,
  placeNames,
  signInAdmin,
  signUpCustomer,
} from '../support/api';
import { hiddenFocus, tabTo, walkFocus } from '../support/keyboard';
import { skipSplash } from '../support/page';
import { uniquePhone } from '../../apps/api/test/support/people';
import type { Product } from '@urembo/contract/catalogue';

/*
 * What a keyboard and a screen reader meet, with real Tab presses: nothing drawn over the focused control, focus
 * kept or moved somewhere useful when a button works or a form is refused, and a new page's heading focused. Also
 * the phone's first screen: a product in view on the home page, the price and "Add to cart" on a product's page.
 * The browser's side only: run on one database.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

test.beforeEach(() => {
  test.skip(test.info().project.name !== 'sqlite', 'the pages are the same on either database');
  // A walk of many Tab presses, each looked at: slow on a busy machine.
  test.setTimeout(180_000);
});

let product: Product;
test.beforeAll(async ({ baseURL }) => {
  const admin = await adminRequest(baseURL!);
  product = await createProduct(admin, { name: `Shea Butter ${Date.now() % 1000}`, price: 640 });
  await admin.dispose();
});

async function openPage(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page };
}

/** Where the visible window ends above the phone's tab bar (or at the window's bottom without one). */
async function visibleBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector('nav[aria-label="Bottom"]');
    const top = bar?.getBoundingClientRect().top ?? 0;
    return top > 0 ? top : window.innerHeight;
  });
}

/** The page's cumulative layout shift so far (what the browser has buffered). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

async function expectInFirstScreen(page: Page, what: string, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.y, `${what} starts in the window`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends above the tab bar`).toBeLessThanOrEqual(
    await visibleBottom(page),
  );
}

test('on a phone the first screen shows a product, and a product page its price and Add to cart', async ({
  browser,
  baseURL,
}, testInfo) => {
  const { context, page } = await openPage(browser, baseURL!, PHONE);
  await page.goto('/');
  const card = page.getByRole('list', { name: 'Featured products' }).getByRole('listitem').first();
  await expect(card).toBeVisible();
  await expectInFirstScreen(page, 'the first card’s picture', card.getByRole('img').first());
  await expectInFirstScreen(page, 'the first card’s name', card.getByRole('heading').first());
  await page.waitForLoadState('networkidle');
  expect(await layoutShift(page), 'home layout shift').toBeLessThanOrEqual(0.02);
  await page.screenshot({ path: testInfo.outputPath('home-390.png') });

  await page.goto(`/product/${product.slug}`);
  const actions = page.getByTestId('product-actions');
  await expectInFirstScreen(page, 'the price', page.getByText('Ksh 640').first());
  await expectInFirstScreen(page, 'Add to cart', actions.getByRole('button', { name: 'Add to cart' }));
  await page.waitForLoadState('networkidle');
  expect(await layoutShift(page), 'product layout shift').toBeLessThanOrEqual(0.02);
  await page.screenshot({ path: testInfo.outputPath('product-390.png') });
  await context.close();
});

test('on a phone neither the header nor the tab bar covers what Tab focuses', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openPage(browser, baseURL!, PHONE);
  for (const path of ['/', `/product/${product.slug}`]) {
    await page.goto(path);
    const forward = await walkFocus(page, { presses: 70 });
    expect(forward.visited, `${path}: Tab moved through the page`).toBeGreaterThan(15);
    expect(forward.covered, `${path}, Tab`).toEqual([]);
    const back = await walkFocus(page, { presses: 70, backwards: true });
    expect(back.covered, `${path}, Shift+Tab`).toEqual([]);
  }
  // The footer's links, reached from the end of the page.
  await page.goto('/');
  await page.keyboard.press('End');
  const returnsLink = page.getByRole('contentinfo').getByRole('link', { name: 'Returns' });
  await tabTo(page, returnsLink, 120);
  expect(await hiddenFocus(page)).toBeNull();
  await context.close();
});

test('on a phone the checkout’s Proceed to Payment is never under the header or the tab bar', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openPage(browser, baseURL!, PHONE);
  const customer = await signUpCustomer(page.request, 'Akinyi Keyboard');
  const place = await deliveryPlace(page.request);
  const address = await page.request.post('/api/v1/address/', {
    data: { name: 'Akinyi Keyboard', phone: customer.phone, ...placeNames(place), isDefault: true },
  });
  expect(address.status(), await address.text()).toBe(201);
  const line = await page.request.post(`/api/v1/user/addToCart/${customer.user._id}`, {
    data: { productId: product._id, count: 1 },
  });
  expect(line.ok(), await line.text()).toBe(true);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByTestId('checkout-total')).not.toHaveText('—');
  const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
  await tabTo(page, proceed);
  expect(await hiddenFocus(page)).toBeNull();
  const back = await walkFocus(page, { presses: 40, backwards: true });
  expect(back.covered).toEqual([]);
  const forward = await walkFocus(page, { presses: 40 });
  expect(forward.covered).toEqual([]);
  await context.close();
});

test('Add to cart keeps the focus while its request runs', async ({ browser, baseURL }) => {
  const { context, page } = await openPage(browser, baseURL!, LAPTOP);
  await page.goto(`/product/${product.slug}`);
  const add = page.getByTestId('product-actions').getByRole('button', { name: 'Add to cart' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByText('product added')).toBeVisible();
  await expect(add).toBeFocused();
  // And it still works from the keyboard: a second Enter adds another.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: /Cart/ }).first()).toContainText('2');
  await context.close();
});

test('a refused sign-in or sign-up takes focus to what went wrong', async ({ browser, baseURL }) => {
  const { context, page } = await openPage(browser, baseURL!, PHONE);
  await page.goto('/signin');
  await page.getByLabel('Phone number').fill(uniquePhone());
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }));
  await page.keyboard.press('Enter');
  const message = page.locator('[data-form-error]');
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();

  await page.goto('/signup');
  await tabTo(page, page.getByRole('button', { name: 'Sign up', exact: true }));
  await page.keyboard.press('Enter');
  const fullName = page.getByLabel('Full name');
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(fullName).toBeFocused();
  await context.close();
});

test('a page opened inside the app focuses its heading', async ({ browser, baseURL }) => {
  const { context, page } = await openPage(browser, baseURL!, LAPTOP);
  await page.goto('/');
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  // The next Tab goes on in the new page, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

  const adminId = await signInAdmin(page.request);
  await page.goto(`/admin/${adminId}/dashboard`);
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Admin tables' }).getByRole('link', { name: 'Products' }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeFocused();
  await context.close();
});

test('in an admin table too narrow for its box, Tab never stops under a pinned column', async ({
  browser,
  baseURL,
}, testInfo) => {
  // A wide screen draws the products as a table; the window then narrows (the table stays one, now scrolling
  // between its pinned first and last columns).
  const { context, page } = await openPage(browser, baseURL!, { width: 1920, height: 800 });
  const adminId = await signInAdmin(page.request);
  await page.goto(`/admin/${adminId}/products`);
  await expect(page.getByTestId('data-table')).toBeVisible();
  await page.setViewportSize({ width: 1100, height: 800 });
  const table = page.getByTestId('data-table');
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await table.getByRole('button').first().focus();
  const forward = await walkFocus(page, { presses: 40 });
  expect(forward.covered).toEqual([]);
  const back = await walkFocus(page, { presses: 40, backwards: true });
  expect(back.covered).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('admin-products-1100.png') });
  await context.close();
});
