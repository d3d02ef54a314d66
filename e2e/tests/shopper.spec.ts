import { expect, test } from '../support/test';
import { adminRequest, createProduct, deliveryPlace, ok, placeNames, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';
import { uniquePhone } from '../../apps/api/test/support/people';

/** What a shopper who is not signed in can do: keep a cart, and take it with her when she signs in or up. */
test.describe('a signed-out shopper', () => {
  test.beforeEach(async ({ page }) => {
    await skipSplash(page);
  });

  test('keeps a cart on a phone, signs in at checkout, and arrives at the checkout with it', async ({
    browser,
    baseURL,
  }) => {
    const admin = await adminRequest(baseURL!);
    const serum = await createProduct(admin, { name: `Guest Serum ${Date.now()}`, price: 1450 });
    // The account exists already (signed up elsewhere); this browser is a visitor's.
    const setup = await browser.newContext({ baseURL });
    const customer = await signUpCustomer(setup.request, 'Neema Achieng');
    await setup.close();

    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    await skipSplash(page);
    await page.goto(`/product/${serum.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect(page.getByText('product added')).toBeVisible();
    await expect(page.getByRole('link', { name: /Cart, 1 item/ }).first()).toBeVisible();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Cart items' }).getByText(serum.name, { exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/signin\?next=%2Fcheckout$/);

    await page.getByLabel('Phone number').fill(customer.phone);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Sign in successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(serum.name).first()).toBeVisible();

    // The visitor's cart is now the account's.
    const cart = await (await page.request.get(`/api/v1/user/getCart/${customer.user._id}`)).json();
    expect(cart.data.map((l: { _id: string; count: number }) => [l._id, l.count])).toEqual([[serum._id, 1]]);
    expect(await page.evaluate(() => localStorage.getItem('urembo:guest-cart'))).toBeNull();
    await context.close();
  });

  test('Buy now on a laptop leads through sign-up straight to the checkout', async ({ page, baseURL }) => {
    const admin = await adminRequest(baseURL!);
    const toner = await createProduct(admin, { name: `Guest Toner ${Date.now()}`, price: 900 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/product/${toner.slug}`);
    await page.getByRole('button', { name: 'Buy now' }).first().click();
    await expect(page).toHaveURL(/\/signin\?next=%2Fcheckout$/);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Sign up/ })
      .click();
    await expect(page).toHaveURL(/\/signup\?next=%2Fcheckout$/);
    await page.getByLabel('Full name').fill('Zawadi Mutua');
    await page.getByLabel('Phone number').fill(uniquePhone());
    await page.getByLabel('Password', { exact: true }).fill('marula-oil-2025');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText('Sign up successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(toner.name).first()).toBeVisible();
  });
});

/** Checkout's address picker: any saved address, or a new one added there. */
test.describe('a signed-in shopper at checkout', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`picks a saved address or adds one, and the order goes there (${viewport.width}px)`, async ({
      browser,
      baseURL,
    }) => {
      const admin = await adminRequest(baseURL!);
      const oil = await createProduct(admin, { name: `Picker Oil ${Date.now()}`, price: 1200 });
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      await skipSplash(page);
      const customer = await signUpCustomer(page.request, 'Wanjiku Kamau');
      const place = await deliveryPlace(page.request);
      for (const [name, isDefault] of [
        ['Home', true],
        ['Office', false],
      ] as const) {
        await ok(
          await page.request.post('/api/v1/address', {
            data: { name, phone: customer.phone, ...placeNames(place), isDefault },
          }),
        );
      }

      await page.goto(`/product/${oil.slug}`);
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await expect(page.getByText('product added')).toBeVisible();
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);

      // Every saved address is offered; the default is chosen first.
      const deliverTo = page.getByRole('group', { name: 'Deliver to' });
      await expect(deliverTo.getByRole('radio')).toHaveCount(2);
      await expect(deliverTo.getByRole('radio', { name: /^Home/ })).toBeChecked();
      await deliverTo.getByRole('radio', { name: /^Office/ }).check();
      await expect(deliverTo.getByRole('radio', { name: /^Office/ })).toBeChecked();
      await expect(deliverTo.getByRole('radio', { name: /^Home/ })).not.toBeChecked();
      await expect(page.getByTestId('checkout-total')).toHaveText(
        `Ksh ${(1200 + place.fee).toLocaleString('en-KE')}`,
      );

      // A new address, added in a dialog, becomes the chosen one.
      await page.getByRole('button', { name: 'Add an address' }).click();
      const form = page.getByRole('dialog', { name: 'Add an address' });
      await form.getByLabel('Name').fill('Salon');
      await form.getByLabel('Country').selectOption(place.country);
      await form.getByLabel('County').selectOption(place.county);
      await form.getByLabel('Town').selectOption(place.town);
      await form.getByLabel('Location').selectOption(place.location);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      await expect(deliverTo.getByRole('radio')).toHaveCount(3);
      await expect(deliverTo.getByRole('radio', { name: /^Salon/ })).toBeChecked();

      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page
        .getByRole('dialog', { name: 'Payment Confirmation' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
      const orderId = page.url().split('/').pop()!;
      const order = await ok<{ name: string }>(await page.request.get(`/api/v1/order/${orderId}`));
      expect(order.name).toBe('Salon');
      await context.close();
    });
  }
});
