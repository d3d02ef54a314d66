import type { Discount } from '@urembo/contract/discounts';
import type { Order } from '@urembo/contract/orders';
import type { Product } from '@urembo/contract/catalogue';
import { expect, test } from '../support/test';
import { adminRequest, deliveryPlace, ok, placeNames, signInAdmin, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';

/** Shades and a discount code, the way a shopper on a phone meets them. */
test.describe('shades and discount codes', () => {
  test.beforeEach(async ({ page }) => {
    await skipSplash(page);
  });

  test('on a phone: choose a shade, add it, apply a code at checkout, place the order', async ({
    browser,
    baseURL,
  }) => {
    const admin = await adminRequest(baseURL!);
    const tag = Date.now().toString(36).toUpperCase();
    const lipstick = await ok<Product>(
      await admin.post('/api/v1/products/', {
        data: {
          name: `Velvet Lipstick ${tag}`,
          description: 'A soft matte lipstick in three shades.',
          options: [{ name: 'Shade', values: ['Mocha', 'Rose', 'Berry'] }],
          variants: [
            { sku: `VL${tag}-MOCHA`, options: { Shade: 'Mocha' }, price: 1200, stock: 5, swatch: '#8B5A4A' },
            { sku: `VL${tag}-ROSE`, options: { Shade: 'Rose' }, price: 1100, stock: 5, swatch: '#C97B84' },
            { sku: `VL${tag}-BERRY`, options: { Shade: 'Berry' }, price: 1300, stock: 5, swatch: '#7A1F3D' },
          ],
        },
      }),
    );
    const code = await ok<Discount>(
      await admin.post('/api/v1/discounts', {
        data: { code: `RAHA${tag}`.slice(0, 20), kind: 'percent', value: 15 },
      }),
    );
    const place = await deliveryPlace(admin);
    await admin.dispose();

    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    await skipSplash(page);
    const customer = await signUpCustomer(page.request, 'Wanjiku Kamau');
    const address = await page.request.post('/api/v1/address/', {
      data: { name: 'Wanjiku Kamau', phone: customer.phone, ...placeNames(place), isDefault: true },
    });
    expect(address.status(), await address.text()).toBe(201);

    await page.goto(`/product/${lipstick.slug}`);
    const shades = page.getByRole('group', { name: 'Shade' });
    await shades.getByRole('button', { name: 'Rose' }).click();
    await expect(page).toHaveURL(new RegExp(`variant=VL${tag}-ROSE`, 'i'));
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect(page.getByText('product added')).toBeVisible();

    await page.goto('/cart');
    const cartLines = page.getByRole('list', { name: 'Cart items' });
    await expect(cartLines.getByText('Shade: Rose')).toBeVisible();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    const total = page.getByTestId('checkout-total');
    await expect(total).toHaveText(`Ksh ${(1100 + place.fee).toLocaleString('en-KE')}`);
    const field = page.getByRole('textbox', { name: 'Discount code' });
    await field.fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'There is no discount code NO-SUCH-CODE' }),
    ).toBeVisible();

    await field.fill(code.code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    // 15% of 1,100.
    await expect(page.getByTestId('checkout-discount')).toHaveText('− Ksh 165');
    await expect(page.getByText(`Code ${code.code} applied`)).toBeVisible();
    const expected = 1100 - 165 + place.fee;
    await expect(total).toHaveText(`Ksh ${expected.toLocaleString('en-KE')}`);
    await page.screenshot({ path: test.info().outputPath('checkout-discount-390.png'), fullPage: true });

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/order\/[^/]+$/);
    const orderId = page.url().split('/').pop()!;
    const order = await ok<Order>(await page.request.get(`/api/v1/order/${orderId}`));
    expect(order).toMatchObject({
      subtotal: 1100,
      discount: { code: code.code, amount: 165 },
      totalAmount: expected,
    });
    expect(order.items[0]?.variant?.options).toEqual({ Shade: 'Rose' });
    await expect(page.getByText('Shade: Rose').first()).toBeVisible();
    await expect(page.getByTestId('order-discount')).toHaveText('− Ksh 165');
    await expect(page.getByTestId('order-total')).toHaveText(`Ksh ${expected.toLocaleString('en-KE')}`);
    await context.close();
  });

  test('the admin keeps discount codes on a laptop and a phone', async ({ page, baseURL }) => {
    const adminId = await signInAdmin(page.request);
    const tag = Date.now().toString(36).toUpperCase().slice(-6);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      const code = `SIKU${width}${tag}`;
      await page.goto(`${baseURL}/admin/${adminId}/discounts`);
      await expect(page.getByRole('heading', { name: 'New discount code' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Add code form' });
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Percent (1–90)').fill('95');
      await form.getByRole('button', { name: 'Add code' }).click();
      await expect(form.getByRole('alert')).toHaveText(/percent discount must be 1 to 90/);
      await form.getByLabel('Percent (1–90)').fill('10');
      await form.getByLabel('Total uses').fill('50');
      await form.getByLabel('Once per customer').check();
      await form.getByRole('button', { name: 'Add code' }).click();
      await expect(page.getByText(`${code} added`)).toBeVisible();
      const row = (width > 768 ? page.getByRole('row') : page.getByRole('listitem')).filter({
        hasText: code,
      });
      await expect(row.getByText('0 / 50')).toBeVisible();
      await expect(row.getByText('10% off')).toBeVisible();

      // No sideways scroll of the page itself.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`admin-discounts-${width}.png`), fullPage: true });

      await row.getByRole('button', { name: 'Pause' }).click();
      await expect(row.getByText('Paused')).toBeVisible();
      await row.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Update code form' });
      await edit.getByLabel('Percent (1–90)').fill('20');
      await edit.getByRole('button', { name: 'Update code' }).click();
      await expect(row.getByText('20% off')).toBeVisible();
      await row.getByRole('button', { name: `Delete ${code}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(`${code} deleted`)).toBeVisible();
      await expect(row).toHaveCount(0);
    }
  });
});
