import { expect, test, type Browser, type BrowserContext } from '../support/test';
import { adminRequest, createProduct, deliveryPlace, placeOrder, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';
import {
  orderPaymentStatus,
  paymentsOf,
  startPaymentsServer,
  type PaymentsServer,
} from '../support/payments-server';

/*
 * M-Pesa in the browser, on a server of its own in demo mode (the built-in Daraja simulator and /dev/phone): the
 * order page's "Pay with M-Pesa", the test phone, /payment/:id and the manual form.
 */

const basePort = Number(process.env.E2E_PORT_BASE || 3101);
let server: PaymentsServer;

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument to reach testInfo
test.beforeAll(async ({}, testInfo) => {
  const index = testInfo.project.name === 'postgres' ? 1 : 0;
  server = await startPaymentsServer(testInfo.project.name, basePort + 20 + index);
});
test.afterAll(async () => {
  await server?.stop();
});

const GREEN_700 = 'oklch(0.527 0.154 150.069)';
const RED_700 = 'oklch(0.505 0.213 27.518)';

/**
 * A customer signed up on a phone-sized browser context of their own, with an unpaid order worth `total` (one
 * product the admin prices at the total less the delivery fee).
 */
async function customerWithOrder(browser: Browser, total: number, fullName = 'Wanjiku Kamau') {
  const admin = await adminRequest(server.baseURL);
  const place = await deliveryPlace(admin);
  const product = await createProduct(admin, {
    name: `M-Pesa Test Balm ${total} ${Date.now() % 100_000}`,
    price: total - place.fee,
  });
  await admin.dispose();
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const customer = await signUpCustomer(context.request, fullName);
  const order = await placeOrder(context.request, customer, [product], place);
  expect(order.totalAmount).toBe(total);
  return { context, orderId: order._id, reference: order.reference };
}

async function startPush(context: BrowserContext, orderId: string, phone: string): Promise<string> {
  const res = await context.request.post(`/api/v1/m-pesa/stk/${orderId}`, { data: { phone } });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { _id: string; message: string };
  expect(body.message).toBe('M-Pesa pop-up sent to 254712345678');
  return body._id;
}

test('a customer pays with an STK prompt accepted on the test phone', async ({ browser }, testInfo) => {
  const { context, orderId, reference } = await customerWithOrder(browser, 2350);
  const page = await context.newPage();
  await skipSplash(page);

  // The order page offers the prompt with the customer's own phone filled in; they pay from another line.
  await page.goto(`/order/${orderId}`);
  const phoneField = page.getByLabel('M-Pesa phone number');
  await expect(phoneField).toHaveValue(/^07\d{2} \d{3} \d{3}$/);
  await phoneField.fill('0712 345 678');
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(page.getByText('M-Pesa pop-up sent to 254712345678')).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f]{24}$/);
  await expect(page).toHaveTitle('Payment Confirmation · Urembo');
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(page.getByText('Waiting for you to enter your M-Pesa PIN on your phone.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payment-pending-phone.png'), fullPage: true });

  // The "phone": the prompt shows the amount, the account reference and the number.
  const phone = await context.newPage();
  await phone.goto('/dev/phone');
  const prompt = phone.getByRole('region', { name: 'M-Pesa prompt for Ksh 2,350' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(reference);
  await expect(prompt).toContainText('0712 345 678');
  await phone.screenshot({ path: testInfo.outputPath('dev-phone-prompt.png'), fullPage: true });
  // Anyone else who opens the test phone sees no prompt to accept (it is not their order).
  const stranger = await browser.newContext({ baseURL: server.baseURL });
  const strangerPhone = await stranger.newPage();
  await strangerPhone.goto('/dev/phone');
  await expect(
    strangerPhone.getByText('Sign in to the shop to see the M-Pesa prompts sent for your orders.'),
  ).toBeVisible();
  await expect(strangerPhone.getByRole('region', { name: /M-Pesa prompt/ })).toHaveCount(0);
  await stranger.close();
  await prompt.getByLabel('Enter M-PESA PIN').fill('4321');
  await prompt.getByRole('button', { name: 'Accept' }).click();
  await expect(phone.getByRole('status')).toContainText('You paid Ksh 2,350. M-Pesa receipt SIM');
  await expect(phone.getByRole('status')).toContainText('The shop has been told.');

  // The payment page notices by itself (it asks every 3 seconds).
  const paid = page.getByText('Paid', { exact: true });
  await expect(paid).toBeVisible({ timeout: 10_000 });
  await expect(paid).toHaveCSS('color', GREEN_700);
  await expect(page.getByRole('link', { name: 'View my order' })).toHaveAttribute(
    'href',
    `/order/${orderId}`,
  );
  await page.screenshot({ path: testInfo.outputPath('payment-paid-phone.png'), fullPage: true });

  // The order is paid: no more payment block, and its products can be reviewed.
  await page.getByRole('link', { name: 'View my order' }).click();
  await expect(page.getByRole('link', { name: 'Review Order' })).toBeVisible();
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
  expect(await orderPaymentStatus(server.info, orderId)).toBe('paid');
  const payments = await paymentsOf(server.info, orderId);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ source: 'mpesa-stk', amount: 2350, status: 1 });
  expect(String(payments[0]!.receipt)).toMatch(/^SIM[A-Z0-9]{7}$/);

  // A paid order cannot be pushed again.
  const again = await context.request.post(`/api/v1/m-pesa/stk/${orderId}`, {
    data: { phone: '0712345678' },
  });
  expect(again.status()).toBe(409);
  await context.close();
});

test('a cancelled prompt shows in red with a way back to the order', async ({ browser }) => {
  const { context, orderId } = await customerWithOrder(browser, 990);
  const page = await context.newPage();
  await skipSplash(page);
  const requestId = await startPush(context, orderId, '254712345678');
  await page.goto(`/payment/${requestId}`);
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();

  const phone = await context.newPage();
  await phone.goto('/dev/phone');
  const prompt = phone.getByRole('region', { name: 'M-Pesa prompt for Ksh 990' });
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(phone.getByRole('status')).toContainText('You cancelled the prompt.');

  const message = page.getByText('You cancelled the M-Pesa prompt.');
  await expect(message).toBeVisible({ timeout: 10_000 });
  await expect(message).toHaveCSS('color', RED_700);
  await expect(page.getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
    'href',
    `/order/${orderId}`,
  );
  expect(await orderPaymentStatus(server.info, orderId)).toBe('pending');
  expect(await paymentsOf(server.info, orderId)).toEqual([]);
  await context.close();
});

test('the manual M-Pesa form records a pending payment and goes back to the order', async ({
  browser,
}, testInfo) => {
  const { context, orderId, reference } = await customerWithOrder(browser, 1500, 'Achieng Otieno');
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto(`/mpesa-form/${orderId}`);
  await expect(page).toHaveTitle('M-Pesa Payment Details · Urembo');
  await expect(page.getByLabel('Order reference')).toHaveValue(reference);
  await expect(page.getByLabel('Order reference')).toBeDisabled();
  await expect(page.getByLabel('Full name')).toHaveValue('Achieng Otieno');
  // What is still owed is filled in; a non-number says so, with no field path.
  await expect(page.getByLabel('Amount (Ksh)')).toHaveValue('1500');
  await page.getByLabel('Amount (Ksh)').fill('abc');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Receipt number is required')).toBeVisible();
  await expect(page.getByText('Amount must be a whole number of shillings')).toBeVisible();

  const receipt = `QK${Date.now().toString(36).toUpperCase().slice(-8)}`.slice(0, 10);
  await page.getByLabel('Receipt number').fill(receipt.toLowerCase());
  await page.getByLabel('Amount (Ksh)').fill('1500');
  await page.screenshot({ path: testInfo.outputPath('mpesa-form-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('We are checking with M-Pesa…').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  // The order page shows the receipt and what M-Pesa said about it (the simulator does not know this one).
  const sent = page.getByTestId('order-payments');
  await expect(sent).toContainText(receipt.toUpperCase());
  await expect(sent).toContainText('M-Pesa does not know this receipt: an admin will check it', {
    timeout: 10_000,
  });
  const payments = await paymentsOf(server.info, orderId);
  expect(payments).toEqual([
    expect.objectContaining({
      source: 'user-mpesa-form',
      amount: 1500,
      receipt: receipt.toUpperCase(),
      status: 0,
    }),
  ]);
  expect(await orderPaymentStatus(server.info, orderId)).toBe('pending');

  // The same receipt again: the server's reason shows in the form.
  await page.goto(`/mpesa-form/${orderId}`);
  await page.getByLabel('Receipt number').fill(receipt);
  await page.getByLabel('Amount (Ksh)').fill('1500');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This M-Pesa receipt number has already been used' }),
  ).toBeVisible();
  await context.close();
});

test('a customer pays from the M-Pesa menu (Pay Bill) and the order page turns Paid by itself', async ({
  browser,
}, testInfo) => {
  const { context, orderId, reference } = await customerWithOrder(browser, 1850);
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
  const block = page.getByTestId('payment-instructions');
  // The shop's own paybill (the simulator's) with the order reference as the account number.
  await expect(block.getByText('174379')).toBeVisible();
  await expect(block.getByText(reference, { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('order-paybill-phone.png'), fullPage: true });

  // The test phone's M-Pesa menu, opened from the order page's demo link (business, account and amount filled).
  const [phone] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Demo shop: pay from the test phone’s M-Pesa menu' }).click(),
  ]);
  await expect(phone.getByLabel('Business no.')).toHaveValue('174379');
  await expect(phone.getByLabel('Account no.')).toHaveValue(reference);
  await expect(phone.getByLabel('Amount')).toHaveValue('1850');
  // The shop registers its paybill URLs in the background at start-up: retry until it has.
  await expect(async () => {
    await phone.goto(`/dev/phone/paybill?business=174379&account=${reference.toLowerCase()}&amount=1850`);
    await phone.getByLabel('Enter M-PESA PIN').fill('1234');
    await phone.getByRole('button', { name: 'Send' }).click();
    await expect(phone.getByRole('status')).toContainText('The shop has been told.', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await phone.screenshot({ path: testInfo.outputPath('dev-phone-paybill.png'), fullPage: true });

  // No reload: the order page asks again by itself while unpaid.
  await expect(page.getByTitle('Payment: Paid')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Review Order' })).toBeVisible();
  expect(await orderPaymentStatus(server.info, orderId)).toBe('paid');
  const payments = await paymentsOf(server.info, orderId);
  expect(payments).toEqual([expect.objectContaining({ source: 'mpesa-c2b', amount: 1850, status: 1 })]);
  await page.screenshot({ path: testInfo.outputPath('order-paid-by-paybill-phone.png'), fullPage: true });
  await context.close();
});
