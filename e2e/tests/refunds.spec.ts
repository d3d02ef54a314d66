import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '../support/test';
import { adminRequest, createProduct, deliveryPlace, placeOrder, signUpCustomer } from '../support/api';
import { waitForSmsLike } from '../support/outbox';
import { skipSplash } from '../support/page';
import { startPaymentsServer, type PaymentsServer } from '../support/payments-server';

/*
 * A refund from start to end, on a server of its own in demo mode (the built-in Daraja simulator answers the STK
 * prompt and the Reversal): a customer on a phone pays her order with M-Pesa, the admin cancels the paid order,
 * finds its money in Payments → Refund due and sends it back by M-Pesa reversal through the refund dialog; her order
 * page shows "Refunded" with the refund listed, and the refund's SMS reaches her.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const TOTAL = 2650;

const basePort = Number(process.env.E2E_PORT_BASE || 3101);
let starting: Promise<PaymentsServer> | undefined;
let server: PaymentsServer;

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument to reach testInfo
test.beforeAll(async ({}, testInfo) => {
  // A server of its own starts slowly on a loaded machine: as long as the helper waits for it.
  testInfo.setTimeout(150_000);
  const index = testInfo.project.name === 'postgres' ? 1 : 0;
  starting = startPaymentsServer(testInfo.project.name, basePort + 30 + index);
  server = await starting;
});
test.afterAll(async () => {
  // Even when the start outlived the hook: the server it brings up is stopped, not left on its port.
  await (await starting?.catch(() => undefined))?.stop();
});

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The admin's row (a table row on a laptop, a card on a phone) that names `text`. */
function rowOf(page: Page, text: string): Locator {
  return page
    .getByRole('main')
    .locator('tbody tr, [data-testid="data-cards"] > li')
    .filter({ hasText: text });
}

/** An admin signed in on a browser context of its own, on Admin → `table`; answers the page. */
async function adminOn(browser: Browser, viewport: typeof PHONE, table: string) {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport });
  const page = await context.newPage();
  await skipSplash(page);
  const signin = await page.request.post('/api/v1/auth/signin', {
    data: { phone: '0700000001', password: 'admin-e2e-password' },
  });
  expect(signin.ok()).toBe(true);
  const adminId = ((await signin.json()) as { user: { _id: string } }).user._id;
  await page.goto(`/admin/${adminId}/${table}`);
  return page;
}

test('a paid order cancelled by the admin is refunded by M-Pesa reversal and the customer sees it', async ({
  browser,
}, testInfo) => {
  // Two browsers, the test phone and the simulator's callbacks: longer than one page's test.
  test.setTimeout(180_000);
  const admin = await adminRequest(server.baseURL);
  const place = await deliveryPlace(admin);
  const product = await createProduct(admin, {
    name: `Refund Test Oil ${Date.now() % 100_000}`,
    price: TOTAL - place.fee,
  });
  await admin.dispose();

  // The customer, on a phone, pays her order with the STK prompt accepted on the test phone.
  const shopper = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE });
  const customer = await signUpCustomer(shopper.request, 'Wambui Refund');
  const e164 = `+254${customer.phone.slice(1)}`;
  const order = await placeOrder(shopper.request, customer, [product], place);
  expect(order.totalAmount).toBe(TOTAL);
  const page = await shopper.newPage();
  await skipSplash(page);
  await page.goto(`/order/${order._id}`);
  await page.getByLabel('M-Pesa phone number').fill('0712 345 678');
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const phone = await shopper.newPage();
  await phone.goto('/dev/phone');
  const prompt = phone.getByRole('region', {
    name: `M-Pesa prompt for Ksh ${TOTAL.toLocaleString('en-KE')}`,
  });
  await prompt.getByLabel('Enter M-PESA PIN').fill('4321');
  await prompt.getByRole('button', { name: 'Accept' }).click();
  const paidText = await phone.getByRole('status').textContent();
  const receipt = /receipt (SIM[A-Z0-9]{7})/.exec(paidText ?? '')?.[1];
  expect(receipt, `the test phone's answer names the receipt: ${paidText}`).toBeTruthy();
  await phone.close();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible({ timeout: 10_000 });

  // The admin, on a laptop, cancels the paid order.
  const desk = await adminOn(browser, LAPTOP, 'orders');
  await desk.getByRole('button', { name: `Update order ${order.reference}` }).click();
  const orderDialog = desk.getByRole('dialog', { name: `Order ${order.reference}` });
  await orderDialog.getByLabel('Delivery status').selectOption('cancelled');
  await orderDialog.getByRole('button', { name: 'Save' }).click();
  await expect(desk.getByText('status updated')).toBeVisible();
  await waitForSmsLike(server.info.dataDir, e164, new RegExp(`order ${order.reference}.*cancelled`, 'i'));

  // Its money shows in Payments → Refund due, on a phone as on a laptop.
  const mobile = await adminOn(browser, PHONE, 'payments');
  await mobile.getByRole('tab', { name: 'Refund due' }).click();
  const mobileRow = rowOf(mobile, receipt!);
  await expect(mobileRow).toContainText(`Due Ksh ${TOTAL.toLocaleString('en-KE')}`);
  await expect(mobileRow).toContainText(order.reference);
  await mobileRow.scrollIntoViewIfNeeded();
  await shot(mobile, testInfo, 'refund-due-phone');
  await mobileRow.getByRole('button', { name: 'Refund' }).click();
  const mobileDialog = mobile.getByRole('dialog', { name: `Refund ${receipt} (Ksh 2,650)` });
  await expect(mobileDialog.getByLabel('Amount (Ksh)')).toHaveValue(String(TOTAL));
  await expect(mobileDialog.getByLabel('M-Pesa reversal (the whole payment)')).toBeChecked();
  await expect(mobileDialog.getByTestId('refund-payment-of')).toHaveText(
    `Order ${order.reference} · Wambui Refund · Ksh 2,650 due`,
  );
  await shot(mobile, testInfo, 'refund-dialog-phone');
  await mobileDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(mobileDialog).toContainText('Send Ksh 2,650 back to');
  // The question wraps inside the dialog (it opens within the table's one-line cell).
  const question = mobileDialog.getByText(/^Send Ksh 2,650 back to/);
  const [questionBox, dialogBox] = [await question.boundingBox(), await mobileDialog.boundingBox()];
  expect(questionBox!.x + questionBox!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width);
  expect(questionBox!.x + questionBox!.width).toBeLessThanOrEqual(PHONE.width);
  await shot(mobile, testInfo, 'refund-dialog-confirm-phone');
  // The phone's admin steps back: the refund is sent from the laptop.
  await mobileDialog.getByRole('button', { name: 'Back' }).click();
  await mobileDialog.getByRole('button', { name: 'Close' }).click();
  await expect(mobileDialog).toHaveCount(0);

  await desk
    .getByRole('navigation', { name: 'Admin tables' })
    .getByRole('link', { name: 'Payments' })
    .click();
  await desk.getByRole('tab', { name: 'Refund due' }).click();
  const deskRow = rowOf(desk, receipt!);
  await expect(deskRow).toContainText(`Due Ksh ${TOTAL.toLocaleString('en-KE')}`);
  await deskRow.scrollIntoViewIfNeeded();
  await shot(desk, testInfo, 'refund-due-laptop');
  await deskRow.getByRole('button', { name: 'Refund' }).click();
  const dialog = desk.getByRole('dialog', { name: `Refund ${receipt} (Ksh 2,650)` });
  await expect(dialog.getByLabel('M-Pesa reversal (the whole payment)')).toBeChecked();
  await dialog.getByLabel('Reason').fill('Order cancelled: out of stock');
  await shot(desk, testInfo, 'refund-dialog-laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('Send Ksh 2,650 back to Wambui Refund by M-Pesa reversal?');
  await shot(desk, testInfo, 'refund-dialog-confirm-laptop');
  await dialog.getByRole('button', { name: 'Yes, refund Ksh 2,650' }).click();
  // Sent, or already done: the simulator may answer the reversal before the refund's own answer is written.
  await expect(desk.getByText(/^(Reversal sent to M-Pesa|Refund of Ksh 2,650 recorded)$/)).toBeVisible();
  // Safaricom's (the simulator's) result completes it: nothing is due any more.
  await expect(async () => {
    await desk.getByRole('tab', { name: 'All' }).click();
    await desk.getByRole('tab', { name: 'Refund due' }).click();
    await expect(rowOf(desk, receipt!)).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // The refund's SMS names the amount and the order.
  const sms = await waitForSmsLike(
    server.info.dataDir,
    e164,
    new RegExp(`sent Ksh 2,650 back to you for order ${order.reference}`),
  );
  expect(sms.message).toContain('Hi Wambui');

  // The customer's order page: Refunded, with the refund listed.
  await page.goto(`/order/${order._id}`);
  await expect(page.getByTitle('Payment: Refunded')).toBeVisible();
  await expect(page.getByText(/your payment of Ksh 2,650 was refunded\./)).toBeVisible();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  const line = refunds.getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Ksh 2,650');
  await expect(line).toContainText(/M-Pesa reversal · receipt SIM[A-Z0-9]{7}/);
  await expect(line).toContainText('Refund state: Completed');
  await expect(line).not.toContainText('out of stock');
  await expect(page.getByTestId('order-refunded')).toHaveText('Ksh 2,650');
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
  await refunds.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'order-refunded-phone');
  await shot(page, testInfo, 'order-refunded-phone-full', true);
  await page.setViewportSize(LAPTOP);
  await expect(refunds).toBeVisible();
  await shot(page, testInfo, 'order-refunded-laptop');

  // The admin's order dialog lists the refund with the reason the admin gave.
  await desk.getByRole('navigation', { name: 'Admin tables' }).getByRole('link', { name: 'Orders' }).click();
  await desk.getByRole('button', { name: `Update order ${order.reference}` }).click();
  const adminDialog = desk.getByRole('dialog', { name: `Order ${order.reference}` });
  await expect(adminDialog.getByLabel('Payment status')).toHaveValue('refunded');
  await expect(adminDialog.getByTestId('admin-order-money')).toHaveText(
    'Paid Ksh 2,650 · refunded Ksh 2,650',
  );
  const adminRefunds = adminDialog.getByRole('region', { name: 'Refunds' });
  await expect(adminRefunds).toContainText('Reason: Order cancelled: out of stock');
  await expect(adminRefunds).toContainText('Refund state: Completed');
  await shot(desk, testInfo, 'admin-order-refunds-laptop');

  await shopper.close();
  await desk.context().close();
  await mobile.context().close();
});
