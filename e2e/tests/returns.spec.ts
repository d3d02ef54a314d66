import type { Product } from '@urembo/contract/catalogue';
import type { Order } from '@urembo/contract/orders';
import { expect, gotoBeforeScripts, test, untilLive, type Page, type TestInfo } from '../support/test';
import {
  adminRequest,
  createProduct,
  deliveryPlace,
  markOrderPaid,
  ok,
  placeOrder,
  signInAdmin,
  signUpCustomer,
} from '../support/api';
import { waitForSmsLike } from '../support/outbox';
import { skipSplash } from '../support/page';

/*
 * A return from start to end: a customer on a phone returns one line of a delivered order, the admin approves it
 * (on a desktop) and marks it received (on a phone), the stock comes back, the customer's order page follows each
 * step and every step reaches her by SMS.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The action is on screen and not covered (a pinned column, a card's footer). */
async function expectInView(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeInViewport();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a delivered order is returned, approved and received: stock, order page and SMS follow', async ({
  browser,
  baseURL,
}, testInfo) => {
  const admin = await adminRequest(baseURL!);
  const tag = Date.now().toString(36);
  const serum = await createProduct(admin, { name: `Return Serum ${tag}`, price: 1500, stock: 5 });
  const soap = await createProduct(admin, { name: `Keep Soap ${tag}`, price: 400, stock: 5 });

  // The customer, on a phone, has a paid order that the admin marks delivered.
  const shopper = await browser.newContext({ viewport: PHONE, baseURL });
  const page = await shopper.newPage();
  await skipSplash(page);
  const customer = await signUpCustomer(shopper.request, 'Njeri Returns');
  const e164 = `+254${customer.phone.slice(1)}`;
  const order = await placeOrder(shopper.request, customer, [serum, soap], await deliveryPlace(page.request));
  await markOrderPaid(admin, order._id);
  await ok<Order>(
    await admin.put(`/api/v1/order/updateStatus/${order._id}`, { data: { deliveryStatus: 'delivered' } }),
  );
  const stockOf = async (product: Product) =>
    (await ok<Product>(await admin.get(`/api/v1/products/${product.slug}`))).stock;
  expect(await stockOf(serum)).toBe(4);

  await page.goto(`/order/${order._id}`);
  const returns = page.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByRole('form', { name: 'Return items form' });
  await form.getByLabel(serum.name).selectOption('1');
  await form.getByLabel('Why are you returning them?').fill('The pump is broken and it leaks');
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByTestId('order-returns')).toContainText('Requested: we will reply by SMS');
  await expect(page.getByTestId('order-returns')).toContainText(`1 × ${serum.name} · Ksh 1,500`);
  await shot(page, testInfo, 'order-return-requested-phone');
  await waitForSmsLike(
    testInfo,
    e164,
    new RegExp(`request to return items of Urembo order ${order.reference}`),
  );

  // The admin, on a desktop, finds it among the requested returns and approves it with a note.
  const desk = await browser.newContext({ viewport: DESKTOP, baseURL });
  const deskPage = await desk.newPage();
  await skipSplash(deskPage);
  const adminId = await signInAdmin(deskPage.request);
  await deskPage.goto(`/admin/${adminId}/dashboard`);
  await deskPage
    .getByRole('navigation', { name: 'Admin tables' })
    .getByRole('link', { name: 'Returns' })
    .click();
  const main = deskPage.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Returns' })).toHaveCount(1);
  await main.getByRole('combobox', { name: 'Show' }).selectOption('requested');
  await expect(deskPage).toHaveURL(/\/returns\?state=requested$/);
  const approve = main.getByRole('button', { name: `Approve: the return of order ${order.reference}` });
  await expectInView(deskPage, approve);
  const row = main.getByRole('row').filter({ hasText: order.reference });
  await expect(row).toContainText('Njeri Returns');
  await expect(row).toContainText(`1 × ${serum.name}`);
  await expect(row).toContainText('The pump is broken and it leaks');
  await expect(row).toContainText('Ksh 1,500');
  await shot(deskPage, testInfo, 'admin-returns-desktop');
  await approve.click();
  const approveDialog = deskPage.getByRole('dialog', { name: 'Approve this return?' });
  await approveDialog.getByLabel(/Note to the customer/).fill('Drop it at our Sarit Centre shop');
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(deskPage.getByText(`Return of order ${order.reference} approved`)).toBeVisible();
  await waitForSmsLike(testInfo, e164, /your return is approved.*Sarit Centre shop/);
  await page.reload();
  await expect(page.getByTestId('order-returns')).toContainText('Approved: bring or send the items back');
  await expect(page.getByTestId('order-returns')).toContainText('Drop it at our Sarit Centre shop');

  // Another admin, on a phone, marks it received once asked; the stock comes back.
  const phoneAdmin = await browser.newContext({ viewport: PHONE, baseURL });
  const phonePage = await phoneAdmin.newPage();
  await skipSplash(phonePage);
  await phonePage.goto(`/admin/${await signInAdmin(phonePage.request)}/returns?state=approved`);
  const receive = phonePage
    .getByRole('main')
    .getByRole('button', { name: `Mark received: the return of order ${order.reference}` });
  await receive.scrollIntoViewIfNeeded();
  await expectInView(phonePage, receive);
  await shot(phonePage, testInfo, 'admin-returns-phone');
  await receive.click();
  const confirm = phonePage.getByRole('alertdialog', { name: 'Mark this return received?' });
  await expect(confirm).toContainText('Ksh 1,500 becomes refund due');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(phonePage, testInfo, 'admin-returns-receive-phone');
  await confirm.getByRole('button', { name: 'Mark received' }).click();
  await expect(phonePage.getByText(`Return of order ${order.reference} marked received`)).toBeVisible();
  expect(await stockOf(serum)).toBe(5);
  expect(await stockOf(soap)).toBe(4);
  await waitForSmsLike(testInfo, e164, /received your returned items\. Ksh 1,500 will be refunded/);

  // The returned serum's price is now refund due on the order's payment (the payments ledger reads the return).
  const [payment] = (
    await ok<{ data: Array<{ _id: string }> }>(await admin.get(`/api/v1/payment/order/${order._id}`))
  ).data;
  const due = await ok<{ data: Array<{ _id: string; refundDue?: number }> }>(
    await admin.get('/api/v1/payment/?refundDue=true&limit=100'),
  );
  expect(due.data.find((p) => p._id === payment!._id)?.refundDue).toBe(1500);

  // Receiving it a second time (another admin's stale screen) is refused, and the stock stays.
  const listed = await ok<{ data: Array<{ _id: string }> }>(
    await admin.get(`/api/v1/order/${order._id}/returns`),
  );
  const again = await admin.put(`/api/v1/returns/${listed.data[0]!._id}`, { data: { state: 'received' } });
  expect(again.status()).toBe(409);
  expect(await stockOf(serum)).toBe(5);

  await page.reload();
  await expect(page.getByTestId('order-returns')).toContainText('Received: your refund is on its way');
  await shot(page, testInfo, 'order-return-received-phone');

  await phoneAdmin.close();
  await desk.close();
  await shopper.close();
  await admin.dispose();
});

test('the returns and authenticity page is drawn by the server, found from the footer and the product page', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  // What search engines and a slow phone get before any script: the whole text, its own title and canonical URL.
  const html = await (await request.get('/returns')).text();
  expect(html).toContain('<title>Returns and authenticity · Urembo</title>');
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/returns" />`);
  expect(html).toContain('Returning items within 7 days');
  expect(html).toContain('How to tell a product is genuine');
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${baseURL}/returns</loc>`);

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await browser.newContext({ viewport, baseURL });
    const page = await context.newPage();
    await skipSplash(page);
    const response = await gotoBeforeScripts(page, '/returns', { waitUntil: 'domcontentloaded' });
    expect(response!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Returns and authenticity' })).toBeVisible();
    // The app starts at the visitor's first key (untilLive presses one) and keeps the page's title.
    await untilLive(page);
    await expect(page).toHaveTitle('Returns and authenticity · Urembo');
    await shot(page, testInfo, `returns-page-${name}`);
    await page.screenshot({ path: testInfo.outputPath(`returns-page-${name}-full.png`), fullPage: true });
    // The page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await context.close();
  }

  // The links that lead here: the product page's and the footer's.
  const page = await browser.newPage({ baseURL });
  await skipSplash(page);
  await page.goto('/product/rose-water-toner');
  await page.getByRole('link', { name: 'Authenticity and returns' }).click();
  await expect(page).toHaveURL(/\/returns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Returns and authenticity' })).toBeVisible();
  await page.goto('/shop');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Returns and authenticity' }).click();
  await expect(page).toHaveURL(/\/returns$/);
  await expect(page.getByRole('heading', { name: 'How your money comes back' })).toBeVisible();
  await page.close();
});
