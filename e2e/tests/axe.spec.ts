import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  adminRequest,
  createProduct,
  deliveryPlace,
  placeOrder,
  placeNames,
  signInAdmin,
  signUpCustomer,
} from '../support/api';
import { skipSplash } from '../support/page';

/*
 * axe-core over every screen a visitor, a signed-in customer and the admin see, and the main dialogs, at a phone's
 * 390x844 and a laptop's 1280x800, against WCAG 2.2 AA. One customer and one admin session serve the whole sweep
 * (sign-up is rate-limited per address). axe finds what a machine can (contrast, names, roles, heading order);
 * keyboard.spec.ts walks what it cannot. The browser's side only: run on one database.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;
const ADMIN_SCREENS = [
  'dashboard',
  'users',
  'products',
  'orders',
  'orderItems',
  'returns',
  'payments',
  'discounts',
  'category',
  'reviews',
  'shipping',
  'audit',
] as const;

test.beforeEach(() => {
  test.skip(test.info().project.name !== 'sqlite', 'the pages are the same on either database');
  test.setTimeout(300_000);
});

/** The page's WCAG 2.2 AA violations, one line each with where (at most three places). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/** Checks the screen as it is now, once its content (not a spinner) shows. */
async function check(page: Page, what: string): Promise<void> {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect.soft(await violations(page), what).toEqual([]);
}

for (const [name, viewport] of SIZES) {
  test(`a visitor's and a customer's screens pass axe on a ${name}`, async ({ browser, baseURL }) => {
    const admin = await adminRequest(baseURL!);
    const product = await createProduct(admin, { name: `Axe Aloe Gel ${name}`, price: 480 });
    await admin.dispose();

    const context = await browser.newContext({ baseURL: baseURL!, viewport });
    const page = await context.newPage();
    await skipSplash(page);
    for (const path of [
      '/',
      '/shop',
      '/search?search=serum',
      '/search?search=zzzzzz',
      `/product/${product.slug}`,
      '/cart',
      '/returns',
      '/signin',
      '/signup',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await check(page, `visitor ${path}`);
    }
    // Dialogs: the forgot-password form, and on a phone the menu.
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'forgot-password dialog');
    if (name === 'phone') {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'phone menu');
    }

    const customer = await signUpCustomer(page.request, 'Achieng Axe');
    const place = await deliveryPlace(page.request);
    const address = await page.request.post('/api/v1/address/', {
      data: { name: 'Achieng Axe', phone: customer.phone, ...placeNames(place), isDefault: true },
    });
    expect(address.status(), await address.text()).toBe(201);
    const order = await placeOrder(page.request, customer, [product], place);
    const line = await page.request.post(`/api/v1/user/addToCart/${customer.user._id}`, {
      data: { productId: product._id, count: 1 },
    });
    expect(line.ok(), await line.text()).toBe(true);
    for (const path of [
      '/',
      `/product/${product.slug}`,
      '/cart',
      '/profile',
      '/orders/all',
      `/order/${order._id}`,
      `/mpesa-form/${order._id}`,
      '/verify-phone',
    ]) {
      await page.goto(path);
      await check(page, `customer ${path}`);
    }
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByTestId('checkout-total')).not.toHaveText('—');
    await check(page, 'customer /checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'checkout confirm dialog');
    await context.close();
  });

  test(`the admin's screens pass axe on a ${name}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL!, viewport });
    const page = await context.newPage();
    await skipSplash(page);
    const adminId = await signInAdmin(page.request);
    for (const screen of ADMIN_SCREENS) {
      await page.goto(`/admin/${adminId}/${screen}`);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await check(page, `admin ${screen}`);
    }
    await page.goto(`/admin/${adminId}/products`);
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'admin product form');
    if (name === 'phone') {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'admin menu');
    }
    await context.close();
  });
}
