import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';

/*
 * Two-factor sign-in in the browser: a customer turns it on from the Security panel (the test reads the key shown as
 * text and computes the app's code itself, RFC 6238), signs out, and signs in with the password and then the code;
 * a recovery code signs her in once and only once. Screenshots of the setup, the recovery codes and the sign-in's
 * second step on a phone and a desktop are attached to the report.
 */

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit code of a base32 secret, `steps` 30-second steps from now (HMAC-SHA-1, dynamic truncation). */
function totp(secret: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (process.env.E2E_SHOTS_DIR) {
    mkdirSync(process.env.E2E_SHOTS_DIR, { recursive: true });
    copyFileSync(file, `${process.env.E2E_SHOTS_DIR}/${testInfo.project.name}-${name}.png`);
  }
}

async function signOut(page: Page) {
  expect((await page.request.post('/api/v1/auth/logout')).status()).toBe(200);
}

async function passwordStep(page: Page, phone: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`two-factor on a ${device}: set up, sign out, sign in with the code; a recovery code works once`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await skipSplash(page);
    const customer = await signUpCustomer(page.request, `Wanjiru ${device}`, { password: 'mango-shea-2026' });

    await page.goto('/profile');
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(security.getByTestId('two-factor-qr')).toBeVisible();
    const secret = (await security.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await security.getByTestId('two-factor-qr').scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `two-factor-setup-${device}`);

    await security.getByLabel('6-digit code').fill(totp(secret));
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    const list = security.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    await list.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `two-factor-recovery-codes-${device}`);
    await security.getByRole('button', { name: 'I have saved them' }).click();
    await expect(security.getByText('10 recovery codes left')).toBeVisible();

    // Signed out, the password alone no longer signs her in: the app's code does (the next one: each works once).
    await signOut(page);
    await passwordStep(page, customer.phone, customer.password);
    await shoot(page, testInfo, `two-factor-signin-${device}`);
    await page.getByLabel('6-digit code').fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page.getByText(`Wanjiru ${device}`).first()).toBeVisible();

    // A recovery code, typed in capitals, signs in once; the same code a second time is refused.
    await signOut(page);
    await passwordStep(page, customer.phone, customer.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!.toUpperCase());
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signOut(page);
    await passwordStep(page, customer.phone, customer.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByText(/That code is not right/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
    await context.close();
  });
}
