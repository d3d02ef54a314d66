import { expect, test } from '../support/test';
import { adminRequest, createProduct, deliveryPlace, placeNames, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';
import { startPaymentsServer, type PaymentsServer } from '../support/payments-server';

/*
 * A customer on a phone switches the shop to Kiswahili, shops, pays with an M-Pesa prompt answered on the demo's
 * test phone, and reads her order in Kiswahili: the screens, the server's messages and the SMS-language account.
 * Its own server in demo mode (the built-in Daraja simulator and /dev/phone), as payments.spec.ts does.
 */

const basePort = Number(process.env.E2E_PORT_BASE || 3101);
let server: PaymentsServer;

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument to reach testInfo
test.beforeAll(async ({}, testInfo) => {
  // A server of its own starts (and seeds its demo shop) while other sessions share the machine.
  test.setTimeout(180_000);
  const index = testInfo.project.name === 'postgres' ? 1 : 0;
  server = await startPaymentsServer(testInfo.project.name, basePort + 24 + index);
});
test.afterAll(async () => {
  await server?.stop();
});

test('on a phone in Kiswahili: shop, pay with M-Pesa on the test phone, read the order', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await adminRequest(server.baseURL);
  const place = await deliveryPlace(admin);
  const product = await createProduct(admin, {
    name: `Mafuta ya Shea ${Date.now() % 100_000}`,
    price: 1200,
  });
  await admin.dispose();
  const total = product.price + place.fee;
  const ksh = (n: number) => `Ksh ${n.toLocaleString('en-KE')}`;

  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const { user, phone } = await signUpCustomer(context.request, 'Wanjiku Kamau');
  const address = await context.request.post('/api/v1/address/', {
    data: { name: 'Wanjiku Kamau', phone, email: '', ...placeNames(place), isDefault: true },
  });
  expect(address.status()).toBe(201);
  const page = await context.newPage();
  await skipSplash(page);

  // The switch: the shop answers in Kiswahili from then on (the lang cookie).
  await page.goto('/');
  await page.getByRole('link', { name: 'Kiswahili' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

  // Shop: the product page's button adds it to the cart; the cart goes on to checkout.
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${product.name}`));
  await page.getByTestId('product-actions').getByRole('button', { name: 'Weka kikapuni' }).click();
  await expect(page.getByText('Bidhaa imewekwa kikapuni')).toBeVisible();
  await page.goto('/cart');
  await page.getByTestId('cart-subtotal').waitFor();
  await expect(page).toHaveTitle(/^Kikapu/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kikapu chako' })).toBeVisible();
  await expect(page.getByText('bidhaa 1', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Kamilisha agizo' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page).toHaveTitle(/Kamilisha agizo/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kamilisha agizo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Taarifa za uwasilishaji' })).toContainText('Wanjiku Kamau');
  await expect(page.getByTestId('checkout-total')).toHaveText(ksh(total));
  await page.screenshot({ path: testInfo.outputPath('sw-checkout-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Endelea kulipa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thibitisha malipo' });
  await expect(dialog).toContainText('Jumla ya kulipa');
  await dialog.getByRole('button', { name: 'Thibitisha' }).click();
  await expect(page.getByText('Agizo limewekwa')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').at(-1)!;
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();

  // The order page: its words, the statuses and the payment block in Kiswahili.
  await expect(page).toHaveTitle(new RegExp(`Agizo ${reference}`));
  await expect(page.getByText('Inasubiri').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lipa kwa M-Pesa' })).toBeVisible();
  await expect(page.getByTestId('payment-instructions')).toContainText('Namba ya biashara');
  await page.screenshot({ path: testInfo.outputPath('sw-order-unpaid-390.png'), fullPage: true });

  // Pay with a prompt: the server's own messages come in Kiswahili too.
  await page.getByLabel('Namba ya simu ya M-Pesa').fill('0712 345 678');
  await page.getByRole('button', { name: 'Lipa kwa M-Pesa' }).click();
  await expect(page.getByText('Ombi la M-Pesa limetumwa kwa 254712345678')).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'Angalia simu yako' })).toBeVisible();
  await expect(page.getByText('Tunasubiri uweke PIN yako ya M-Pesa kwenye simu yako.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sw-payment-pending-390.png'), fullPage: true });

  const phonePage = await context.newPage();
  await phonePage.goto('/dev/phone');
  const prompt = phonePage.getByRole('region', { name: `M-Pesa prompt for ${ksh(total)}` });
  await expect(prompt).toContainText(reference);
  await prompt.getByLabel('Enter M-PESA PIN').fill('4321');
  await prompt.getByRole('button', { name: 'Accept' }).click();
  await expect(phonePage.getByRole('status')).toContainText('The shop has been told.');
  await phonePage.close();

  await expect(page.getByRole('heading', { name: 'Malipo yamepokelewa' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Imelipwa', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sw-payment-paid-390.png'), fullPage: true });
  await page.getByRole('link', { name: 'Tazama agizo langu' }).click();

  // The paid order, in Kiswahili: no payment block, a review link, the totals' words.
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  await expect(page.getByRole('link', { name: 'Toa maoni kuhusu agizo' })).toBeVisible();
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Muhtasari' })).toBeVisible();
  await expect(page.getByText('Gharama ya uwasilishaji')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(ksh(total));
  await page.screenshot({ path: testInfo.outputPath('sw-order-paid-390.png'), fullPage: true });
  const saved = await context.request.get(`/api/v1/order/${orderId}`);
  expect(((await saved.json()) as { paymentStatus: string }).paymentStatus).toBe('paid');

  // The orders list says where it stands in Kiswahili.
  await page.goto('/orders/to-deliver');
  await expect(page.getByRole('heading', { level: 1, name: 'Maagizo yangu' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^Agizo ${reference}`) })).toBeVisible();
  expect(user._id).toBeTruthy();
  await context.close();
});

test('the account screens in Kiswahili at 390 and 1280 px', async ({ browser }, testInfo) => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const visitor = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
    const page = await visitor.newPage();
    await skipSplash(page);
    await page.goto('/signin?lang=sw');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page).toHaveTitle(/Ingia/);
    await expect(page.getByRole('heading', { level: 1, name: 'Karibu tena' })).toBeVisible();
    // A form error from the contract's checks, and one from the server, both in Kiswahili.
    await page.getByRole('button', { name: 'Ingia', exact: true }).click();
    await expect(page.getByText('Weka namba yako ya simu au barua pepe yako')).toBeVisible();
    await page.getByLabel('Namba ya simu').fill('0712 000 111');
    await page.getByLabel('Nenosiri', { exact: true }).fill('si-nenosiri-hili');
    await page.getByRole('button', { name: 'Ingia', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Namba ya simu/barua pepe au nenosiri si sahihi' }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sw-signin-${width}.png`), fullPage: true });

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Fungua akaunti yako' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sw-signup-${width}.png`), fullPage: true });

    const { phone } = await signUpCustomer(visitor.request, 'Achieng Otieno');
    expect(phone).toBeTruthy();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Wasifu wangu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Anwani zangu' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sw-profile-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Ongeza anwani' }).click();
    await expect(page.getByRole('dialog', { name: 'Ongeza anwani' })).toContainText('Kaunti');
    await page.screenshot({ path: testInfo.outputPath(`sw-address-${width}.png`), fullPage: true });
    await visitor.close();
  }
});

test('the storefront in Kiswahili at 390 and 1280 px: home, shop, search, product, cart', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminRequest(server.baseURL);
  const product = await createProduct(admin, { name: `Siagi ya Kakao ${Date.now() % 100_000}`, price: 650 });
  await admin.dispose();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const visitor = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
    const page = await visitor.newPage();
    await skipSplash(page);
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`sw-${name}-${width}.png`), fullPage: true });

    await page.goto('/?lang=sw');
    await expect(page.getByRole('heading', { level: 1, name: 'Urembo kwa ngozi ya Kikenya' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bidhaa zetu teule' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Weka kikapuni' }).first()).toBeVisible();
    await shot('home');

    await page.goto('/shop');
    await expect(page).toHaveTitle(/^Duka/);
    await expect(
      page.getByRole('navigation', { name: 'Aina za bidhaa' }).getByRole('link', { name: 'Zote' }),
    ).toBeVisible();
    await shot('shop');

    await page.goto(`/search?search=${encodeURIComponent(product.name)}`);
    await expect(page).toHaveTitle(new RegExp(`^Tafuta: ${product.name}`));
    await expect(page.getByRole('status').filter({ hasText: 'imepatikana kwa' })).toBeVisible();
    await shot('search');
    await page.goto('/search?search=zzzqqqxx');
    await expect(page.getByText('Hakuna bidhaa iliyopatikana kwa "zzzqqqxx"')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Zinazopendwa dukani' })).toBeVisible();
    await shot('search-empty');

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByText('Bado hakuna maoni').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Maoni ya wateja' })).toBeVisible();
    await page.getByTestId('product-actions').getByRole('button', { name: 'Weka kikapuni' }).click();
    await expect(page.getByText('Bidhaa imewekwa kikapuni')).toBeVisible();
    await shot('product');

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Kikapu chako' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Muhtasari wa kikapu' })).toContainText(
      'Jumla ndogo',
    );
    await shot('cart');
    await page.getByRole('button', { name: 'Futa kikapu' }).click();
    await page
      .getByRole('alertdialog', { name: 'Futa kikapu chako?' })
      .getByRole('button', { name: 'Futa kikapu' })
      .click();
    await expect(page.getByText('Kikapu kimefutwa')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Kikapu chako ni tupu' })).toBeVisible();
    await shot('cart-empty');
    await visitor.close();
  }
});
