import { expect, test, type Browser } from '../support/test';
import { signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';

/*
 * the profile's Security panel. A customer signed in on two devices sees both (this one marked), signs
 * the other one out, changes the password (the current one required) and the old password stops working.
 */
const PASSWORD = 'mango-shea-2026';
const NEW_PASSWORD = 'baobab-honey-2027';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

async function deviceSignedIn(browser: Browser, phone: string, password: string, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const res = await context.request.post('/api/v1/auth/signin', { data: { phone, password } });
  expect(res.status()).toBe(200);
  return context;
}

test('a customer sees their devices, signs one out, and changes the password', async ({ page, browser }) => {
  await skipSplash(page);
  const { phone } = await signUpCustomer(page.request, 'Zawadi Atieno', { password: PASSWORD });
  const phoneDevice = await deviceSignedIn(browser, phone, PASSWORD, ANDROID_UA);

  await page.goto('/profile');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security).toBeVisible();
  const devices = security.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toHaveCount(1);
  await expect(devices.getByText('Chrome on Android')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('security-panel.png'), fullPage: true });

  await security.getByRole('button', { name: 'Sign out Chrome on Android' }).click();
  await expect(page.getByText('Signed out that device')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  const after = await phoneDevice.request.get('/api/v1/auth/me');
  expect(await after.json()).toEqual({ user: null });

  // A wrong current password is refused beside its field; a good change keeps this device signed in.
  const form = security.getByRole('form', { name: 'Change password' });
  await form.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is not right')).toBeVisible();
  await form.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/Password changed/).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  const oldPassword = await page.request.post('/api/v1/auth/signin', { data: { phone, password: PASSWORD } });
  expect(oldPassword.status()).toBe(401);
  const laptop = await deviceSignedIn(browser, phone, NEW_PASSWORD);
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await security.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect(await (await laptop.request.get('/api/v1/auth/me')).json()).toEqual({ user: null });
  await phoneDevice.close();
  await laptop.close();
});

test('a visitor browsing the shop sees no failed request in the console', async ({ page }) => {
  await skipSplash(page);
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/', '/shop', '/cart', '/signin', '/profile', '/returns']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(failures).toEqual([]);
});
