import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { skipSplash } from '../support/page';
import {
  orderPaymentStatus,
  paymentsOf,
  seedCustomerWithOrder,
  startPaymentsServer,
  type PaymentsServer,
} from '../support/payments-db';

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

async function customerContext(
  browser: Browser,
  customer: { userId: string; sessionCookie: string; fullName: string },
) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
  await context.addCookies([
    {
      name: 'urembo_session',
      value: customer.sessionCookie,
      url: server.baseURL,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return context;
}

async function startPush(context: BrowserContext, orderId: string, phone: string): Promise<string> {
  const res = await context.request.post(`/api/v1/m-pesa/stk/${orderId}`, { data: { phone } });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { _id: string; message: string };
  expect(body.message).toBe('M-Pesa pop-up sent to 254712345678');
  return body._id;
}

test('a customer pays with an STK prompt accepted on the test phone', async ({ browser }, testInfo) => {
  const customer = await seedCustomerWithOrder(server.info, { total: 2350 });
  const { orderId } = customer;
  const context = await customerContext(browser, customer);
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
  await expect(page).toHaveTitle('Payment Confirmation');
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(page.getByText('Waiting for you to enter your M-Pesa PIN on your phone.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payment-pending-phone.png'), fullPage: true });

  // The "phone": the prompt shows the amount, the account reference and the number.
  const phone = await context.newPage();
  await phone.goto('/dev/phone');
  const prompt = phone.getByRole('region', { name: 'M-Pesa prompt for Ksh 2,350' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(`UR${orderId.slice(0, 10).toUpperCase()}`);
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
  const customer = await seedCustomerWithOrder(server.info, { total: 990 });
  const { orderId } = customer;
  const context = await customerContext(browser, customer);
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
  const customer = await seedCustomerWithOrder(server.info, { total: 1500, fullName: 'Achieng Otieno' });
  const { orderId } = customer;
  const context = await customerContext(browser, customer);
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto(`/mpesa-form/${orderId}`);
  await expect(page).toHaveTitle('M-Pesa Payment Details');
  await expect(page.getByLabel('Order reference')).toHaveValue(orderId);
  await expect(page.getByLabel('Order reference')).toBeDisabled();
  await expect(page.getByLabel('Full name')).toHaveValue('Achieng Otieno');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Receipt number is required')).toBeVisible();
  await expect(page.getByText('Amount is required')).toBeVisible();

  const receipt = `QK${Date.now().toString(36).toUpperCase().slice(-8)}`.slice(0, 10);
  await page.getByLabel('Receipt number').fill(receipt.toLowerCase());
  await page.getByLabel('Amount (Ksh)').fill('1500');
  await page.screenshot({ path: testInfo.outputPath('mpesa-form-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Form submitted')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
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
