import { expect, test } from '../support/test';
import { createProduct, ok, signInAdmin, signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';

/*
 * The customer's own data: the profile links the download of her data, and she deletes her account after reading
 * what is erased and what is kept; she is signed out and her password no longer signs in.
 */
test('a customer downloads her data and deletes her account with her password', async ({
  page,
}, testInfo) => {
  await skipSplash(page);
  const customer = await signUpCustomer(page.request, 'Atieno Ouma', { password: 'mango-shea-2026' });
  await page.goto('/profile');
  const data = page.getByRole('region', { name: 'Your data' });
  await expect(data.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
    'href',
    '/api/v1/user/me/export',
  );
  const exported = await page.request.get('/api/v1/user/me/export');
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-disposition']).toContain('attachment');
  expect((await exported.json()).profile._id).toBe(customer.user._id);

  await data.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Former customer');
  const file = testInfo.outputPath('delete-account-dialog.png');
  await page.screenshot({ path: file });
  await testInfo.attach('delete-account-dialog', { path: file, contentType: 'image/png' });

  await dialog.getByLabel('Your password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not right')).toBeVisible();
  await dialog.getByLabel('Your password', { exact: true }).fill('mango-shea-2026');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account is deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const me = await page.request.get('/api/v1/auth/me');
  expect((await me.json()).user).toBeNull();
  const again = await page.request.post('/api/v1/auth/signin', {
    data: { phone: customer.phone, password: 'mango-shea-2026' },
  });
  expect(again.status()).toBe(401);
});

/* The audit log shows an admin's price change, at a laptop's and a phone's width. */
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const) {
  test(`the audit log shows a price change on a ${name}`, async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ viewport, baseURL: baseURL! });
    const page = await context.newPage();
    await skipSplash(page);
    const adminId = await signInAdmin(page.request);
    const product = await createProduct(page.request, { name: `Audit Oil ${name}`, price: 1200 });
    await ok(await page.request.put(`/api/v1/products/${product._id}`, { data: { price: 950 } }));
    await page.goto(`/admin/${adminId}/audit`);
    await expect(page.getByText(`"Audit Oil ${name}": Price 1,200 -> 950`).first()).toBeVisible();
    const file = testInfo.outputPath(`audit-log-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`audit-log-${name}`, { path: file, contentType: 'image/png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await context.close();
  });
}
