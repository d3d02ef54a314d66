import { expect, test, type Browser, type Page, type TestInfo } from '../support/test';
import { signInAdmin, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';

/*
 * What a shopper and a shop owner tripped over: admin actions out of reach, destructive buttons without a
 * question, the address edit that filled in the account's email, names cut to the same prefix, the cart icons
 * without a count, the footer showing a customer's number as the shop's.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function adminPage(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page, adminId: await signInAdmin(page.request) };
}

/** The element is on screen: inside the viewport horizontally, not clipped by its scrolling card. */
async function expectInView(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport();
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  // Nothing (a scrolled column, the card's edge) covers its middle.
  const hit = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!top && (el === top || el.contains(top));
  });
  expect(hit).toBe(true);
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`admin tables keep their actions in view and name themselves once on a ${name}`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { context, page, adminId } = await adminPage(browser, baseURL!, viewport);
    const main = page.getByRole('main');

    await page.goto(`/admin/${adminId}/products`);
    await expect(main.getByRole('heading', { name: 'Products' })).toHaveCount(1);
    const deleteButton = main.getByRole('button', { name: 'Delete', exact: true }).first();
    await expectInView(page, deleteButton);
    await expectInView(page, main.getByRole('button', { name: 'Edit', exact: true }).first());
    await shot(page, testInfo, `admin-products-${name}`);
    await deleteButton.click();
    await expect(page.getByRole('alertdialog', { name: 'Delete product' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`/admin/${adminId}/orders`);
    await expect(page.getByRole('heading', { name: 'Orders' })).toHaveCount(1);
    await expectInView(page, main.getByRole('button', { name: 'Update', exact: true }).first());
    await shot(page, testInfo, `admin-orders-${name}`);

    await page.goto(`/admin/${adminId}/orderItems`);
    await expect(page.getByRole('heading', { name: 'Ordered items' })).toHaveCount(1);
    // The last column (the order's reference and statuses) is on screen.
    await expect(main.getByText(/^[A-Z0-9]{7}$/).first()).toBeVisible();

    await page.goto(`/admin/${adminId}/payments`);
    await expect(page.getByRole('heading', { name: 'Payments' })).toHaveCount(1);

    await page.goto(`/admin/${adminId}/category`);
    await expect(page.getByRole('heading', { name: 'Categories' })).toHaveCount(1);
    await expectInView(page, main.getByRole('button', { name: /^Edit / }).first());

    await page.goto(`/admin/${adminId}/reviews`);
    await expect(page.getByRole('heading', { name: 'Reviews' })).toHaveCount(1);
    const reviewDelete = main.getByRole('button', { name: /^Delete the review by/ }).first();
    if (await reviewDelete.count()) await expectInView(page, reviewDelete);

    await page.goto(`/admin/${adminId}/users`);
    await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(1);

    // Shipping: a town's full name, not its first six letters.
    await page.goto(`/admin/${adminId}/shipping`);
    await main.getByRole('button', { name: 'Kenya', exact: true }).click();
    await main.getByRole('button', { name: 'Nairobi', exact: true }).click();
    const town = main.getByRole('button', { name: 'Westlands', exact: true });
    await town.click();
    const location = main.getByRole('region', { name: 'Locations' }).getByText('Parklands', { exact: true });
    await expect(location).toBeVisible();
    // On one line: not cut, and not broken inside the word either.
    const lines = await location.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect(await location.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot(page, testInfo, `admin-shipping-${name}`);

    // The page itself never scrolls sideways: wide tables scroll inside their card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await context.close();
  });
}

test('the cart icons count the items, and clearing the cart asks first', async ({
  browser,
  baseURL,
}, testInfo) => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await browser.newContext({ viewport, baseURL });
    const page = await context.newPage();
    await skipSplash(page);
    const { user } = await signUpCustomer(context.request, `Akinyi ${name}`);
    const product = (await (await page.request.get('/api/v1/products/rose-water-toner')).json()) as {
      _id: string;
    };
    const add = await page.request.post(`/api/v1/user/addToCart/${user._id}`, {
      data: { productId: product._id, count: 2 },
    });
    expect(add.status()).toBe(200);

    await page.goto('/cart');
    const cartLinks =
      name === 'phone'
        ? [
            page.getByRole('banner').getByRole('link', { name: /^Cart/ }),
            page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: /^Cart/ }),
          ]
        : [page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ })];
    for (const link of cartLinks) await expect(link).toBeVisible();

    // One more from the cart page: every count follows.
    await page.getByRole('button', { name: 'Add one more Rose Water Toner' }).click();
    await expect(cartLinks[0]!).toHaveAccessibleName('Cart, 3 items');

    await page.getByRole('button', { name: 'Clear cart' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear your cart?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(page, testInfo, `clear-cart-${name}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Clear cart' }).click();
    await dialog.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(cartLinks[0]!).toHaveAccessibleName('Cart');
    await context.close();
  }
});

test('editing an address saved without an email keeps it without one', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: PHONE, baseURL });
  const page = await context.newPage();
  await skipSplash(page);
  const { user } = await signUpCustomer(context.request, 'Chebet Koech', {
    email: `chebet.${Date.now()}@example.co.ke`,
  });
  const created = await page.request.post('/api/v1/address/', {
    data: {
      name: 'Chebet (office)',
      phone: '0722000111',
      country: 'Kenya',
      county: 'Nairobi',
      town: 'Westlands',
      location: 'Parklands',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/profile');
  const card = page.getByTestId('address-card');
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address Book' });
  // The account has an email; the address does not, and the form shows the address.
  await expect(edit.getByLabel('Email')).toHaveValue('');
  await edit.getByLabel('Name').fill('Chebet (work)');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('address book updated')).toBeVisible();
  const saved = (await (await page.request.get(`/api/v1/address/user/${user._id}`)).json()) as {
    data: { name: string; email: string | null }[];
  };
  expect(saved.data).toEqual([expect.objectContaining({ name: 'Chebet (work)', email: null })]);

  // Deleting asks first; Cancel keeps it.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
  await expect(confirm).toContainText('Chebet (work)');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toHaveCount(1);
  await context.close();
});

test('product cards show names that tell lipsticks apart, and the footer has the shop phone', async ({
  page,
}) => {
  await skipSplash(page);
  await page.setViewportSize(PHONE);
  await page.goto('/search?search=matte%20lipstick');
  for (const name of [
    'Matte Lipstick Nairobi Red',
    'Matte Lipstick Mocha Nude',
    'Matte Lipstick Berry Plum',
  ]) {
    const heading = page.getByRole('heading', { name, exact: true });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveAttribute('title', name);
    // Two lines at most, and this name fits in them: nothing is clipped.
    expect(await heading.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  }
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute(
    'href',
    'tel:+254700000000',
  );
  await expect(footer).not.toContainText('712 345 678');
  await expect(footer.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/254700000000',
  );
});
