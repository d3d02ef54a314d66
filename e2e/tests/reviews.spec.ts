import { expect, test, type Page } from '@playwright/test';
import { skipSplash } from '../support/page';
import { newId, openServerDb, signInNewCustomer, type ServerDb } from '../support/server-db';

/*
 * Reviews from verified buyers, end to end. The order and sign-in screens and their API routes are other features'
 * (built on other branches), so this test sets up the customer, products and a PAID order directly in the server's
 * database. Until GET /order/{id} and GET /auth/check-auth exist, `standInFor` answers them from the same database;
 * once the real routes answer, the stand-ins step aside on their own.
 */

async function insertProduct(db: ServerDb, name: string, price: number): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db.run(
    `insert into products (id, slug, name, price, description, usage, status, tags, is_featured, is_new,
      category_id, rating, review_count, created_at, updated_at)
      values (?, ?, ?, ?, 'For the review test', '', 'active', '[]', 0, 0, null, null, 0, ?, ?)`,
    [id, `${name.toLowerCase().replace(/\W+/g, '-')}-${id.slice(0, 6)}`, name, price, now, now],
  );
  return id;
}

async function insertOrder(
  db: ServerDb,
  userId: string,
  products: { id: string; name: string; price: number }[],
  paymentStatus: 'paid' | 'pending',
): Promise<string> {
  const id = newId();
  // Orders carry a short reference (7 characters of the server's alphabet); unique enough for a test.
  const reference = Array.from(
    crypto.getRandomValues(new Uint8Array(7)),
    (b) => 'ACDEFGHJKMNPQRTWXY3479'[b % 22],
  ).join('');
  const now = new Date().toISOString();
  const subtotal = products.reduce((sum, p) => sum + p.price, 0);
  await db.run(
    `insert into orders (id, reference, user_id, name, email, phone, country, county, town, location, location_id, subtotal,
      shipping_fee, total_amount, payment_status, delivery_status, idempotency_key, created_at, updated_at)
      values (?, ?, ?, 'E2E Buyer', null, '254700000000', 'Kenya', 'Nairobi', 'Westlands', 'Sarit', null, ?, 200, ?, ?,
      'pending', null, ?, ?)`,
    [id, reference, userId, subtotal, subtotal + 200, paymentStatus, now, now],
  );
  for (const [position, p] of products.entries()) {
    await db.run(
      `insert into order_items (id, order_id, product_id, name, price, image, count, position, created_at)
        values (?, ?, ?, ?, ?, null, 1, ?, ?)`,
      [newId(), id, p.id, p.name, p.price, position, now],
    );
  }
  return id;
}

/** GET /order/{id} and GET /auth/check-auth from the database while this branch has no such routes. */
async function standInFor(page: Page, db: ServerDb, user: { userId: string; fullName: string }) {
  const missing = async (response: { status(): number; text(): Promise<string> }) =>
    response.status() === 404 && (await response.text()).includes('No route for');
  await page.route('**/api/v1/auth/check-auth', async (route) => {
    const response = await route.fetch();
    if (!(await missing(response))) return route.fulfill({ response });
    return route.fulfill({
      json: {
        user: {
          _id: user.userId,
          fullName: user.fullName,
          email: null,
          phone: '254700000000',
          role: 'customer',
          isEmailVerified: false,
          isPhoneVerified: false,
          lastLogin: null,
          createdAt: new Date().toISOString(),
        },
      },
    });
  });
  await page.route('**/api/v1/order/*', async (route) => {
    const response = await route.fetch();
    if (!(await missing(response))) return route.fulfill({ response });
    const orderId = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
    const [order] = await db.run('select * from orders where id = ?', [orderId]);
    if (!order || order.user_id !== user.userId)
      return route.fulfill({ status: 404, json: { error: 'Order not found' } });
    const items = await db.run(
      'select product_id, name, price, image, count from order_items where order_id = ? order by position',
      [orderId],
    );
    return route.fulfill({
      json: {
        _id: order.id,
        user: { _id: order.user_id, fullName: user.fullName },
        name: order.name,
        email: order.email,
        phone: order.phone,
        country: order.country,
        county: order.county,
        town: order.town,
        location: order.location,
        items: items.map((i) => ({
          _id: i.product_id,
          name: i.name,
          price: Number(i.price),
          images: i.image ? [i.image] : [],
          count: Number(i.count),
        })),
        subtotal: Number(order.subtotal),
        shippingFee: Number(order.shipping_fee),
        totalAmount: Number(order.total_amount),
        paymentStatus: order.payment_status,
        deliveryStatus: order.delivery_status,
        createdAt: order.created_at,
      },
    });
  });
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
    const toner = { id: '', name: 'Rose Water Toner', price: 1250 };
    const butter = { id: '', name: 'Shea Body Butter', price: 800 };
    toner.id = await insertProduct(db, toner.name, toner.price);
    butter.id = await insertProduct(db, butter.name, butter.price);

    // Amina bought both and paid: she reviews them one after the other.
    const aminaContext = await browser.newContext();
    const amina = await signInNewCustomer(db, aminaContext, baseURL!, 'Amina Wanjiru');
    const aminaOrder = await insertOrder(db, amina.userId, [toner, butter], 'paid');
    const page = await aminaContext.newPage();
    await skipSplash(page);
    await standInFor(page, db, { userId: amina.userId, fullName: 'Amina Wanjiru' });
    const response = await page.goto(`/review-order/${aminaOrder}`);
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle('Leave a Review');
    await expect(page.getByRole('heading', { level: 1, name: 'Leave a Review' })).toBeVisible();
    await expect(page.getByRole('heading', { name: toner.name })).toBeVisible();
    await expect(page.getByText('Price: KES 1,250')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const comment = page.getByLabel('Comment');
    const rating = page.getByLabel('Rating', { exact: true });
    await comment.fill('Gentle and fresh. <b>not bold</b>');
    await rating.fill('4');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review created successfully!')).toBeVisible();
    // The next product, with a fresh form.
    await expect(page.getByRole('heading', { name: butter.name })).toBeVisible();
    await expect(page.getByText('Price: KES 800')).toBeVisible();
    await expect(comment).toHaveValue('');
    await expect(rating).toHaveValue('1');
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
    const barakaContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const baraka = await signInNewCustomer(db, barakaContext, baseURL!, 'Baraka Otieno');
    const barakaOrder = await insertOrder(db, baraka.userId, [toner], 'paid');
    const phone = await barakaContext.newPage();
    await skipSplash(phone);
    await standInFor(phone, db, { userId: baraka.userId, fullName: 'Baraka Otieno' });
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
    await productPage.goto(`/product/${toner.id}`);
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
    const list = await request.get(`/api/v1/review/product/${toner.id}`);
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
    const [tonerRow] = await db.run('select rating, review_count from products where id = ?', [toner.id]);
    expect({ rating: Number(tonerRow!.rating), count: Number(tonerRow!.review_count) }).toEqual({
      rating: 4.5,
      count: 2,
    });
    const [butterRow] = await db.run('select rating, review_count from products where id = ?', [butter.id]);
    expect({ rating: Number(butterRow!.rating), count: Number(butterRow!.review_count) }).toEqual({
      rating: 5,
      count: 1,
    });
  });

  test('an unpaid order cannot be reviewed yet', async ({ browser, baseURL }) => {
    const serum = { id: '', name: 'Vitamin C Serum', price: 2100 };
    serum.id = await insertProduct(db, serum.name, serum.price);
    const context = await browser.newContext();
    const customer = await signInNewCustomer(db, context, baseURL!, 'Wanjiku Kamau');
    const orderId = await insertOrder(db, customer.userId, [serum], 'pending');
    const page = await context.newPage();
    await skipSplash(page);
    await standInFor(page, db, { userId: customer.userId, fullName: 'Wanjiku Kamau' });
    await page.goto(`/review-order/${orderId}`);
    await expect(page.getByRole('heading', { name: 'This order is not paid yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to your order' })).toHaveAttribute(
      'href',
      `/order/${orderId}`,
    );
    await expect(page.getByLabel('Comment')).toHaveCount(0);

    // The server refuses it too, with the verified-buyer message.
    const refused = await context.request.post('/api/v1/review/', {
      data: { productId: serum.id, comment: 'Sneaky', rating: 5 },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatch(/verified buyers/);
    await context.close();
  });
});
