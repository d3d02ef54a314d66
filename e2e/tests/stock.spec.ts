import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '../support/test';
import { createProduct, deliveryPlace, ok, placeNames, signInAdmin, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';
import type { Product } from '@urembo/contract/catalogue';

/*
 * Stock and the owner's dashboard on a phone and a desktop: the demo's "Out of stock" and "Only N left"
 * badges, the cart refusing more than the stock and the checkout naming the short line, and the dashboard with
 * its restock buttons and links. Products these tests sell or restock are their own, so other specs sharing the
 * server keep the demo's stock.
 */

const VIEWPORTS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;

async function demoProduct(request: APIRequestContext, name: string): Promise<Product> {
  const list = await ok<{ data: Product[] }>(await request.get('/api/v1/products/?limit=100'));
  const product = list.data.find((p) => p.name === name);
  expect(product, `the demo catalogue has ${name}`).toBeTruthy();
  return product!;
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page };
}

for (const [device, viewport] of VIEWPORTS) {
  test.describe(`stock on a ${device}`, () => {
    test('"Out of stock" and "Only N left" on cards and product pages; sold-out buttons are disabled', async ({
      browser,
      request,
    }, testInfo) => {
      const out = await demoProduct(request, 'Full Coverage Foundation Espresso');
      const low = await demoProduct(request, 'SPF 50 Sunscreen Gel');
      expect(out).toMatchObject({ stock: 0, inStock: false });
      expect(low).toMatchObject({ stock: 3, inStock: true });
      const { context, page } = await newPage(browser, viewport);

      await page.goto(`/product/${out.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: out.name })).toBeVisible();
      await expect(page.getByRole('status').getByText('Out of stock')).toBeVisible();
      const actions = page.getByTestId('product-actions');
      await expect(actions.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
      await expect(actions.getByRole('button', { name: 'Buy now' })).toBeDisabled();
      await shot(page, testInfo, `product-out-of-stock-${device}`);

      await page.goto(`/product/${low.slug}`);
      await expect(page.getByRole('status').getByText('Only 3 left')).toBeVisible();
      await expect(
        page.getByTestId('product-actions').getByRole('button', { name: 'Add to cart' }),
      ).toBeEnabled();

      // The shop's grid, filtered to the sold-out product's category.
      await page.goto(`/shop?category=${out.category!._id}`);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: out.name, exact: true }) });
      await expect(card.getByText('Out of stock')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
      await card.scrollIntoViewIfNeeded();
      const file = testInfo.outputPath(`shop-badges-${device}.png`);
      await page.screenshot({ path: file });
      await testInfo.attach(`shop-badges-${device}`, { path: file, contentType: 'image/png' });
      await context.close();
    });

    test('the cart refuses more than the stock; checkout names the line that ran out', async ({
      browser,
    }, testInfo) => {
      const { context, page } = await newPage(browser, viewport);
      const admin = await browser.newContext();
      await signInAdmin(admin.request);
      const name = `Stock Test Balm ${device} ${Date.now() % 100_000}`;
      const balm = await createProduct(admin.request, { name, price: 700, stock: 1 });

      const { user, phone } = await signUpCustomer(page.request, 'Akinyi Otieno');
      const place = await deliveryPlace(page.request);
      const address = await page.request.post('/api/v1/address/', {
        data: { name: 'Akinyi Otieno', phone, email: '', ...placeNames(place), isDefault: true },
      });
      expect(address.status()).toBe(201);

      await page.goto(`/product/${balm.slug}`);
      await expect(page.getByRole('status').getByText('Only 1 left')).toBeVisible();
      const add = page.getByTestId('product-actions').getByRole('button', { name: 'Add to cart' });
      await add.click();
      await expect(page.getByText('product added')).toBeVisible();
      await add.click();
      await expect(page.getByText(`Only 1 of ${name} is left and you have 1 in your cart`)).toBeVisible();

      await page.goto('/cart');
      await expect(page.getByRole('button', { name: `Add one more ${name}` })).toBeDisabled();
      await expect(page.getByRole('list', { name: 'Cart items' }).getByText('Only 1 left')).toBeVisible();
      await shot(page, testInfo, `cart-at-stock-${device}`);

      // While the customer is at checkout, the last one sells elsewhere.
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page.getByTestId('checkout-total')).not.toHaveText('—');
      const taken = await admin.request.post(`/api/v1/products/${balm._id}/stock`, { data: { change: -1 } });
      expect(taken.status()).toBe(200);
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page
        .getByRole('dialog', { name: 'Payment Confirmation' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await expect(page.getByTestId('short-line')).toHaveText(`${name} is out of stock`);
      await expect(page.getByRole('alert').filter({ hasText: 'Change your cart' })).toContainText(
        `Sorry, ${name} is out of stock: please change your order and try again`,
      );
      await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
      await shot(page, testInfo, `checkout-short-line-${device}`);
      // Nothing was ordered.
      const orders = await ok<{ data: unknown[] }>(await page.request.get(`/api/v1/order/user/${user._id}`));
      expect(orders.data).toHaveLength(0);
      await admin.close();
      await context.close();
    });

    test("the owner's dashboard: figures, low stock with restock, links to the waiting orders", async ({
      browser,
    }, testInfo) => {
      const { context, page } = await newPage(browser, viewport);
      const adminId = await signInAdmin(page.request);
      const name = `Dashboard Low ${device} ${Date.now() % 100_000}`;
      await createProduct(page.request, { name, price: 700, stock: 0 });
      const summary = await ok<{ awaitingPayment: number }>(await page.request.get('/api/v1/admin/summary'));

      await page.goto(`/admin/${adminId}/dashboard`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      if (device === 'desktop') {
        const nav = page.getByRole('navigation', { name: 'Admin tables' });
        await expect(nav.getByRole('link').first()).toHaveText('Dashboard');
        await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      }
      for (const label of ['Today', 'Last 7 days', 'Revenue, last 30 days', 'Best sellers']) {
        await expect(main.getByText(label, { exact: false }).first()).toBeVisible();
      }
      await expect(page.getByTestId('revenue-chart')).toBeVisible();
      const low = page.getByTestId('low-stock');
      await expect(low).toContainText('Full Coverage Foundation Espresso');
      const row = low.getByRole('listitem').filter({ hasText: name });
      await expect(row).toContainText('Out of stock');
      await shot(page, testInfo, `dashboard-${device}`);

      await row.getByRole('button', { name: `Restock one more ${name}` }).click();
      await expect(page.getByText(`Stock of ${name} is now 1`)).toBeVisible();
      await expect(row).toContainText('Only 1 left');

      await main.getByRole('link', { name: /Awaiting payment/ }).click();
      await expect(page).toHaveURL(/\/orders\?awaiting=payment$/);
      await expect(page.getByTestId('orders-total')).toHaveText(
        `${summary.awaitingPayment} awaiting payment`,
      );
      await context.close();
    });
  });
}
