import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '../support/test';
import {
  adminRequest,
  createProduct,
  deliveryPlace,
  markOrderPaid,
  placeOrder,
  signUpCustomer,
} from '../support/api';
import { skipSplash } from '../support/page';
import { openServerDb, type ServerDb } from '../support/server-db';

/*
 * Reviews from verified buyers, end to end. Everything is set up through the API as the shop's people would: the
 * admin creates the products, customers sign up and order, the admin marks an order paid. The server's database
 * is only read, to check the stored averages.
 */

/** A signed-up customer in a browser context of their own, with an order of the products (paid or not). */
async function buyer(
  browser: Browser,
  admin: APIRequestContext,
  fullName: string,
  products: { _id: string }[],
  paid: boolean,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; orderId: string }> {
  const context = await browser.newContext(options);
  const customer = await signUpCustomer(context.request, fullName);
  const order = await placeOrder(context.request, customer, products, await deliveryPlace(context.request));
  if (paid) await markOrderPaid(admin, order._id);
  return { context, orderId: order._id };
}

test.describe('reviews from verified buyers', () => {
  let db: ServerDb;
  test.beforeEach(async ({ baseURL }) => {
    db = await openServerDb(baseURL!);
  });
  test.afterEach(async () => {
    await db.close();
  });

  test('two buyers review from their paid orders; the reviews and the new average follow', async ({
    browser,
    baseURL,
    request,
  }) => {
    const admin = await adminRequest(baseURL!);
    const toner = await createProduct(admin, { name: 'Hibiscus Rose Toner', price: 1250 });
    const butter = await createProduct(admin, { name: 'Whipped Shea Butter', price: 800 });

    // Amina bought both and paid: she reviews them one after the other.
    const { context: aminaContext, orderId: aminaOrder } = await buyer(
      browser,
      admin,
      'Amina Wanjiru',
      [toner, butter],
      true,
    );
    const page = await aminaContext.newPage();
    await skipSplash(page);
    const response = await page.goto(`/review-order/${aminaOrder}`);
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle('Leave a Review · Urembo');
    await expect(page.getByRole('heading', { level: 1, name: 'Leave a Review' })).toBeVisible();
    await expect(page.getByRole('heading', { name: toner.name })).toBeVisible();
    await expect(page.getByText('Price: KES 1,250')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const comment = page.getByLabel('Comment');
    const rating = page.getByLabel('Rating', { exact: true });
    // No stars chosen is no rating: nothing is sent and the rating box asks for 1 to 5 stars.
    await comment.fill('Gentle and fresh. <b>not bold</b>');
    await expect(rating).toHaveValue('');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose 1 to 5 stars' })).toBeVisible();
    await expect(rating).toBeFocused();
    await rating.fill('6');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose 1 to 5 stars' })).toBeVisible();
    const [unrated] = await db.select('select review_count from products where id = ?', [toner._id]);
    expect(Number(unrated!.review_count)).toBe(0);
    await rating.fill('4');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review created successfully!')).toBeVisible();
    // The next product, with a fresh form.
    await expect(page.getByRole('heading', { name: butter.name })).toBeVisible();
    await expect(page.getByText('Price: KES 800')).toBeVisible();
    await expect(comment).toHaveValue('');
    await expect(rating).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await comment.fill('Rich and not greasy');
    await page.getByRole('button', { name: '5 stars' }).click();
    await expect(rating).toHaveValue('5');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByTestId('my-review')).toContainText('You reviewed this product');
    await expect(page.getByText('2 of 2 reviewed')).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByTestId('my-review')).toContainText('Gentle and fresh. <b>not bold</b>');
    await aminaContext.close();

    // Baraka bought the toner too and gives it 5 stars.
    const { context: barakaContext, orderId: barakaOrder } = await buyer(
      browser,
      admin,
      'Baraka Otieno',
      [toner],
      true,
      { viewport: { width: 390, height: 844 }, isMobile: true },
    );
    const phone = await barakaContext.newPage();
    await skipSplash(phone);
    await phone.goto(`/review-order/${barakaOrder}`);
    await expect(phone.getByRole('heading', { name: toner.name })).toBeVisible();
    await phone.getByLabel('Comment').fill('My skin loves it');
    await phone.getByLabel('Rating', { exact: true }).fill('5');
    await phone.getByRole('button', { name: 'Submit Review' }).click();
    await expect(phone.getByText('Review created successfully!')).toBeVisible();
    await barakaContext.close();

    // Both reviews show on the toner's product page with the new average, (4 + 5) / 2 = 4.5. The catalogue keeps
    // product answers for up to 5 s, so the page may need a reload to show the new rating.
    const productPage = await (await browser.newContext()).newPage();
    await skipSplash(productPage);
    await productPage.goto(`/product/${toner._id}`);
    const reviewsSection = productPage.getByRole('region', { name: 'Customer reviews' });
    await expect(reviewsSection.getByText('My skin loves it')).toBeVisible();
    await expect(reviewsSection.getByText(/^Gentle and fresh/)).toBeVisible();
    await expect(async () => {
      await productPage.reload();
      await expect(productPage.getByTestId('review-summary')).toContainText('4.5', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(productPage.getByTestId('review-summary')).toContainText('2 reviews');
    await productPage.context().close();

    // Both reviews are public, newest first, without emails.
    const list = await request.get(`/api/v1/review/product/${toner._id}`);
    expect(list.status()).toBe(200);
    const body = await list.json();
    expect(body.total).toBe(2);
    expect(body.data.map((r: { user: { fullName: string }; rating: number; comment: string }) => r)).toEqual([
      expect.objectContaining({
        user: { fullName: 'Baraka Otieno' },
        rating: 5,
        comment: 'My skin loves it',
      }),
      expect.objectContaining({
        user: { fullName: 'Amina Wanjiru' },
        rating: 4,
        comment: 'Gentle and fresh. <b>not bold</b>',
      }),
    ]);
    expect(await list.text()).not.toContain('@example.com');
    const [tonerRow] = await db.select('select rating, review_count from products where id = ?', [toner._id]);
    expect({ rating: Number(tonerRow!.rating), count: Number(tonerRow!.review_count) }).toEqual({
      rating: 4.5,
      count: 2,
    });
    const [butterRow] = await db.select('select rating, review_count from products where id = ?', [
      butter._id,
    ]);
    expect({ rating: Number(butterRow!.rating), count: Number(butterRow!.review_count) }).toEqual({
      rating: 5,
      count: 1,
    });
    await admin.dispose();
  });

  test('an unpaid order cannot be reviewed yet', async ({ browser, baseURL }) => {
    const admin = await adminRequest(baseURL!);
    const serum = await createProduct(admin, { name: 'Baobab Vitamin C Serum', price: 2100 });
    const { context, orderId } = await buyer(browser, admin, 'Wanjiku Kamau', [serum], false);
    const page = await context.newPage();
    await skipSplash(page);
    await page.goto(`/review-order/${orderId}`);
    await expect(page.getByRole('heading', { name: 'This order is not paid yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to your order' })).toHaveAttribute(
      'href',
      `/order/${orderId}`,
    );
    await expect(page.getByLabel('Comment')).toHaveCount(0);

    // The server refuses it too, with the verified-buyer message.
    const refused = await context.request.post('/api/v1/review/', {
      data: { productId: serum._id, comment: 'Sneaky', rating: 5 },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatch(/verified buyers/);
    await context.close();
    await admin.dispose();
  });
});
