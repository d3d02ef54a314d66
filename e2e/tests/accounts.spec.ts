import { expect, test, type Page } from '../support/test';
import { codeIn, uniquePhone } from '../../apps/api/test/support/people';
import { ADMIN } from '../support/api';
import { waitForMail, waitForSms } from '../support/outbox';
import { skipSplash } from '../support/page';

const PASSWORD = 'marula-oil-2025';
const DEMO_CUSTOMER = { phone: '0712345678', password: 'karibu-urembo-demo' };

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.ke`;
}

async function signIn(page: Page, phone: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Sign in successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

test('a customer signs up, verifies the email from the mail, keeps a default address, logs out and signs in by phone', async ({
  page,
}, testInfo) => {
  const phone = uniquePhone();
  const email = uniqueEmail('njeri');

  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign up · Urembo');
  await expect(page.getByText('Phone number should start with +254 followed by 9 digits')).toBeVisible();
  // The form checks with the server's own rules before sending.
  await page.getByLabel('Full name').fill('Njeri Wambui');
  await page.getByLabel('Phone number').fill('12345');
  await page.getByLabel('Password', { exact: true }).fill('wambui-2025');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Phone number should start with +254 followed by 9 digits' }),
  ).toBeVisible();
  // The password rule the server applies (not the account's own name) is checked before sending.
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must not contain your name' }),
  ).toBeVisible();
  // A common password is refused by the server, with the reason.
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText(/most common ones/).first()).toBeVisible();

  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Sign up successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The first code went out with the sign-up, so the resend button counts down, even across a reload.
  await page.goto('/verify-email');
  await expect(page).toHaveTitle('Verify your email · Urembo');
  await expect(page.getByRole('status')).toContainText(`We sent a 6-digit code by email to ${email}`);
  const resend = page.getByRole('button', { name: /^Resend in \d+s$/ });
  await expect(resend).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();

  const mail = await waitForMail(testInfo, email);
  expect(mail.subject).toBe('Your Urembo verification code');
  await page.getByLabel('Verification code').fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Your email is verified')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle('Profile · Urembo');
  await expect(page.getByText('Njeri Wambui').first()).toBeVisible();
  await expect(page.getByText('✓ Verified')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/verify-phone');

  // An address book through the cascading selects, fed by the delivery areas.
  await page.getByRole('button', { name: 'Create Address Book' }).click();
  const form = page.getByRole('dialog', { name: 'Create Address Book' });
  await expect(form.getByLabel('County')).toBeDisabled();
  await form.getByLabel('Name').fill('Njeri (home)');
  await form.getByLabel('Country').selectOption('Kenya');
  await form.getByLabel('County').selectOption('Nairobi');
  await form.getByLabel('Town').selectOption('Westlands');
  await expect(form.getByLabel('Location').locator('option', { hasText: 'Parklands (Ksh 250)' })).toHaveCount(
    1,
  );
  await form.getByLabel('Location').selectOption('Parklands');
  await expect(form.getByTestId('delivery-fee')).toHaveText('Delivery to Parklands: Ksh 250');
  await form.getByLabel('Set as Default').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('address book added')).toBeVisible();
  await expect(form).toBeHidden();
  const card = page.getByTestId('address-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Njeri (home)');
  await expect(card).toContainText('Kenya, Nairobi, Westlands, Parklands');
  await expect(card).toContainText('Default');
  await expect(card).toContainText(email);

  // Edit uses the same form, opened on the saved place.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address Book' });
  await expect(edit.getByLabel('Location')).toHaveValue('Parklands');
  await edit.getByLabel('Town').selectOption('Karen');
  await edit.getByLabel('Location').selectOption('Hardy');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('address book updated')).toBeVisible();
  await expect(card).toContainText('Kenya, Nairobi, Karen, Hardy');

  // Logout, then back in by phone in international form.
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout success')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'You are not signed in yet' })).toBeVisible();
  // Signing up from here comes back to the profile.
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    '/signup?next=%2Fprofile',
  );

  await page.goto('/signin');
  await expect(page).toHaveTitle('Sign in · Urembo');
  await page.getByLabel('Phone number').fill(`+254${phone.slice(1)}`);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid phone/email or password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Sign in successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Signed in, /signin sends the customer where its ?next= says (or home).
  await page.goto('/signin?next=%2Fprofile');
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByTestId('address-card').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete address' }).click();
  await expect(page.getByText('address deleted')).toBeVisible();
  await expect(page.getByTestId('address-card')).toHaveCount(0);
});

test('a customer verifies the phone with the SMS code', async ({ page }, testInfo) => {
  const phone = uniquePhone();
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { fullName: 'Otieno Ouma', phone, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  await page.goto('/profile');
  // A new customer is asked to verify the phone, on the profile and on the orders page.
  await page.goto('/orders');
  const banner = page.getByRole('complementary', { name: 'Verify your phone' });
  await expect(banner).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('complementary', { name: 'Verify your phone' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/verify-phone$/);
  const shown = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
  // Nothing was sent yet, and the page says so.
  await expect(page.getByText(/We sent/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Code sent to ${shown}`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'We sent' })).toContainText(shown);
  await expect(page.getByRole('button', { name: /^Resend in 1[12]\ds$/ })).toBeDisabled();
  const sms = await waitForSms(testInfo, `+254${phone.slice(1)}`);
  await page.getByLabel('Verification code').fill(codeIn(sms.message));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Your phone is verified')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('✓ verified')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Verify your phone' })).toHaveCount(0);
  // Nothing left to verify: the page says so rather than "not found".
  await page.goto('/verify-phone');
  await expect(page.getByRole('heading', { name: 'Your phone is verified' })).toBeVisible();
});

test('a forgotten password is reset from the mailed link', async ({ page }, testInfo) => {
  const phone = uniquePhone();
  const email = uniqueEmail('amina');
  expect(
    (
      await page.request.post('/api/v1/auth/signup', {
        data: { fullName: 'Amina Hassan', phone, email, password: PASSWORD },
      })
    ).status(),
  ).toBe(201);
  await page.context().clearCookies();

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const modal = page.getByRole('dialog', { name: 'Forgot your password?' });
  await modal.getByRole('radio', { name: 'A link by email' }).check();
  await modal.getByLabel('Email', { exact: true }).fill(email);
  await modal.getByRole('button', { name: 'Send Recovery Email' }).click();
  await expect(page.getByText('Password recovery email sent!')).toBeVisible();
  await expect(modal).toBeHidden();

  const mail = await waitForMail(testInfo, email, 2); // the first one is the verification code
  expect(mail.subject).toBe('Reset your Urembo password');
  const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('baobab-seed-2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('baobab-seed-2027');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill('baobab-seed-2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset success')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('baobab-seed-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Sign in successful!')).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('another-seed-2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('another-seed-2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /invalid, already used or expired/ })).toBeVisible();
});

test('a customer without an email resets her password with a code sent by SMS (phone)', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = uniquePhone();
  expect(
    (
      await page.request.post('/api/v1/auth/signup', {
        data: { fullName: 'Wanjiku Kamau', phone, password: PASSWORD },
      })
    ).status(),
  ).toBe(201);
  await page.context().clearCookies();

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const modal = page.getByRole('dialog', { name: 'Forgot your password?' });
  await expect(modal.getByRole('radio', { name: 'A code by SMS' })).toBeChecked();
  await modal.getByLabel('Phone number').fill(phone);
  await modal.getByRole('button', { name: 'Send Code' }).click();
  await expect(modal.getByLabel('Code from the SMS')).toBeVisible();
  const e164 = `+254${phone.slice(1)}`;
  const sms = await waitForSms(testInfo, e164);
  expect(sms.message).toMatch(/password reset code/);
  await modal.getByLabel('Code from the SMS').fill(codeIn(sms.message) === '000000' ? '111111' : '000000');
  await modal.getByLabel('New password', { exact: true }).fill('baobab-seed-2026');
  await modal.getByLabel('Confirm new password', { exact: true }).fill('baobab-seed-2026');
  await modal.getByRole('button', { name: 'Reset Password' }).click();
  await expect(modal.getByRole('alert').filter({ hasText: /wrong, already used or expired/ })).toBeVisible();
  await modal.getByLabel('Code from the SMS').fill(codeIn(sms.message));
  await modal.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password changed. Sign in with your new password.')).toBeVisible();
  await expect(modal).toBeHidden();

  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('baobab-seed-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Sign in successful!')).toBeVisible();
});

test('the admin panel is for admins only', async ({ page }) => {
  await page.goto('/admin/someone/users');
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const me = await (await page.request.get('/api/v1/auth/check-auth')).json();
  await page.goto('/profile');
  await page.goto(`/admin/${me.user._id}/users`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Select a table from the sidebar')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin tables' })).toHaveCount(0);
  // Replaced, not pushed: Back returns to the profile, not to the admin URL.
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the admin opens the users and shipping tables and adds a delivery location', async ({ page }) => {
  await signIn(page, ADMIN.phone, ADMIN.password);
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  // The admin panel opens on the owner's dashboard; Users is the next entry of the sidebar.
  await expect(page).toHaveURL(/\/admin\/[0-9a-f]{24}\/dashboard$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin tables' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f]{24}\/users$/);
  await expect(main.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(main.getByRole('table')).toContainText('Wanjiku Kamau');
  await expect(main.getByRole('table')).toContainText('0700 000 001');

  await page
    .getByRole('navigation', { name: 'Admin tables' })
    .getByRole('link', { name: 'Shipping' })
    .click();
  await expect(page).toHaveURL(/\/shipping$/);
  await main.getByRole('button', { name: 'Kenya', exact: true }).click();
  await expect(main.getByRole('region', { name: 'Counties' })).toContainText('47');
  await main.getByRole('button', { name: 'Nairobi', exact: true }).click();
  await main.getByRole('button', { name: 'Westlands', exact: true }).click();
  const locations = main.getByRole('region', { name: 'Locations' });
  const name = `Sarit Centre ${Date.now() % 10_000}`;
  await locations.getByLabel('New location name').fill(name);
  await locations.getByLabel('Delivery fee (Ksh)').fill('260');
  await locations.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('location added')).toBeVisible();
  await expect(locations.getByText(name)).toBeVisible();
  await expect(locations.getByRole('listitem').filter({ hasText: name })).toContainText('Ksh 260');

  // The server's reasons reach the admin: a duplicate, and a parent that still has children.
  await locations.getByLabel('New location name').fill(name.toUpperCase());
  await locations.getByLabel('Delivery fee (Ksh)').fill('100');
  await locations.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`There is already a location called ${name} in Westlands`)).toBeVisible();
  const towns = main.getByRole('region', { name: 'Towns' });
  await towns.getByRole('button', { name: 'Delete Westlands' }).click();
  await towns.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(
    page.getByText(/^Westlands still has \d+ delivery locations\. Delete or move them first/),
  ).toBeVisible();

  const adminPath = new URL(page.url()).pathname.replace(/\/shipping$/, '');

  // The new location is offered in the address form's selects, with its fee.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Create Address Book' }).click();
  const form = page.getByRole('dialog', { name: 'Create Address Book' });
  await form.getByLabel('Country').selectOption('Kenya');
  await form.getByLabel('County').selectOption('Nairobi');
  await form.getByLabel('Town').selectOption('Westlands');
  await expect(form.getByLabel('Location').locator('option', { hasText: `${name} (Ksh 260)` })).toHaveCount(
    1,
  );
  await form.getByRole('button', { name: 'Cancel' }).click();

  // An unknown table, and the mobile drawer.
  await page.goto(`${adminPath}/no-such-table`);
  await expect(page.getByText('Select a table from the sidebar')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Admin tables' });
  await drawer.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('list', { name: 'Users' })).toContainText('Wanjiku Kamau');

  // The shop's mobile menu offers Profile, the Admin panel and Logout to a signed-in admin.
  await page.getByRole('link', { name: 'View shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
  await menu.getByRole('link', { name: 'Admin panel' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f]{24}\/dashboard$/);
  await page.getByRole('link', { name: 'View shop' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout success')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
});
