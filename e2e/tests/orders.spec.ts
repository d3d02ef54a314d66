import { expect, test, type Page } from '../support/test';
import { deliveryPlace, ok, placeNames, signInAdmin, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';
import type { Product } from '@urembo/contract/catalogue';

/** What the web app shows for money (packages/contract money.ts). */
const ksh = (amount: number) => `Ksh ${amount.toLocaleString('en-KE')}`;

test.describe('cart, checkout and orders: what a visitor sees', () => {
  test('a visitor keeps a cart of her own; the order list asks her to sign up', async ({ page }) => {
    await skipSplash(page);
    await page.goto('/cart');
    await expect(page).toHaveTitle('Cart · Urembo');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

    await page.goto('/orders');
    await expect(page).toHaveURL(/\/orders\/all$/);
    await expect(page.getByRole('heading', { name: 'You are not signed in yet' })).toBeVisible();
  });

  test('checkout without checkout data goes to the shop', async ({ page }) => {
    await skipSplash(page);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('an order page asks a visitor to sign in', async ({ page }) => {
    await skipSplash(page);
    const response = await page.goto('/order/65f0c0ffee00000000a1b2c3');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'You are not signed in yet' })).toBeVisible();
  });

  test('the API publishes the payment settings and guards carts and orders', async ({ request }) => {
    const config = await request.get('/api/v1/config/public');
    expect(config.status()).toBe(200);
    expect(await config.json()).toEqual({
      shop: { phone: '254700000000', email: 'hello@urembo.co.ke', whatsapp: '254700000000' },
      mpesa: {
        paybill: '542542',
        account: '484580',
        tillNumber: '5511223',
        tillName: 'UREMBO BEAUTY',
        // Without the shop's own paybill (MPESA_C2B_SHORTCODE) customers pay the fixed account.
        accountIsOrderReference: false,
        // The e2e servers run in production without Daraja credentials: no STK push, no simulator.
        stkPush: false,
        simulator: false,
      },
      lowStockAt: 5,
      returnDays: 7,
      freeDeliveryFrom: null,
      // Its SMS go to the outbox (no Africa's Talking account), so WhatsApp updates do too.
      whatsappUpdates: true,
    });
    expect((await request.get('/api/v1/user/getCart/someone')).status()).toBe(401);
    expect((await request.post('/api/v1/order/someone', { data: { items: [] } })).status()).toBe(401);
    expect((await request.get('/api/v1/order')).status()).toBe(401);
    expect((await request.get('/api/v1/orderItem/')).status()).toBe(401);
  });
});

/*
 * The whole flow through the real screens: sign-up, the catalogue's product page with the cart's buttons, the
 * address book, checkout, the order page and the admin shell.
 */
async function addFromProductPage(page: Page, product: Product) {
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The product's own buttons, not those of the related products' cards below it.
  await page.getByTestId('product-actions').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('product added')).toBeVisible();
}

test('a customer orders two products with delivery and follows the order as an admin updates it', async ({
  browser,
  page,
  request,
}) => {
  await skipSplash(page);
  // A new customer, signed in through the API (the browser context shares the cookie), with a default address.
  const { user, phone } = await signUpCustomer(page.request, 'Wanjiku Kamau');
  const place = await deliveryPlace(request);
  const address = await page.request.post('/api/v1/address/', {
    data: { name: 'Wanjiku Kamau', phone, email: '', ...placeNames(place), isDefault: true },
  });
  expect(address.status()).toBe(201);

  const catalogue = await ok<{ data: Product[] }>(await request.get('/api/v1/products/?limit=10'));
  // Products without shades or sizes: another spec may have added one whose list price is its lowest shade's.
  const [first, second] = catalogue.data.filter((p) => p.status === 'active' && p.variants.length === 0);
  expect(first && second, 'the demo catalogue has two active products').toBeTruthy();

  // Add both from their product pages, then change the counts in the cart: two of the first.
  await addFromProductPage(page, first!);
  await addFromProductPage(page, second!);
  await page.goto('/cart');
  await page.getByRole('button', { name: `Add one more ${first!.name}` }).click();
  const subtotal = first!.price * 2 + second!.price;
  await expect(page.getByTestId('cart-subtotal')).toHaveText(ksh(subtotal));

  // Checkout with the default address: the server's total includes the delivery fee.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('region', { name: 'Shipping Information' })).toContainText('Wanjiku Kamau');
  await expect(page.getByTestId('checkout-total')).toHaveText(ksh(subtotal + place.fee));
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Confirmation' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order created')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').at(-1)!;
  const ref = (await page.getByTestId('order-reference').textContent())!.trim();
  expect(ref).toMatch(/^[A-Z0-9]{7}$/);
  await expect(page.getByTestId('order-total')).toHaveText(ksh(subtotal + place.fee));
  await expect(page.getByTestId('payment-instructions')).toContainText('Business number542542');
  await expect(page.getByTestId('payment-instructions')).toContainText('Account number484580');
  // Production without Daraja credentials offers the paybill and the receipt form, not a prompt.
  await expect(page.getByRole('button', { name: 'Pay with M-Pesa' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Already paid? Send your receipt' })).toBeVisible();

  // The cart gave up what was ordered; the order is pending, not paid.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await page.goto('/orders/to-deliver');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${ref}`) })).toHaveCount(0);
  await page.goto('/orders/to-pay');
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${ref}`) })).toBeVisible();

  // The admin marks it paid, then delivered.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await skipSplash(admin);
  await admin.goto(`/admin/${await signInAdmin(admin.request)}/orders`);
  await admin.getByRole('button', { name: `Update order ${ref}` }).click();
  const modal = admin.getByRole('dialog', { name: `Order ${ref}` });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Not changed')).toBeVisible();
  await modal.getByLabel('Payment status').selectOption('paid');
  // Paid by hand needs the receipt or a reason, recorded as a payment.
  await modal.getByLabel(/M-Pesa receipt or reason/).fill('Cash on delivery');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('status updated').last()).toBeVisible();

  await page.goto('/orders/to-deliver');
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${ref}`) })).toBeVisible();
  await page.goto('/orders/to-pay');
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${ref}`) })).toHaveCount(0);
  await page.goto('/orders/delivered');
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${ref}`) })).toHaveCount(0);

  await admin.getByRole('button', { name: `Update order ${ref}` }).click();
  await modal.getByLabel('Delivery status').selectOption('delivered');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('status updated').last()).toBeVisible();
  await page.goto('/orders/delivered');
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${ref}`) })).toBeVisible();
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Review Order' })).toBeVisible();
  expect(user._id).toBeTruthy();
  await adminContext.close();
});
