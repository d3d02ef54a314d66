import { expect, test } from '../support/test';
import { signUpCustomer } from '../support/api';
import { skipSplash } from '../support/page';

/*
 * The profile's account protection: a new password's field says why a weak one is refused as it is typed; the
 * customer changes her name, and her sign-in history lists the sign-up's sign-in; each device says when it ends.
 */
test('a customer is told why a password is weak, edits her name and reads her sign-in history', async ({
  page,
}) => {
  await skipSplash(page);
  await signUpCustomer(page.request, 'Nafula Wekesa', { password: 'mango-shea-2026' });
  await page.goto('/profile');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security).toBeVisible();

  const verdict = security.getByTestId('password-verdict');
  await security.getByLabel('New password', { exact: true }).fill('aaaaaaaa');
  await expect(verdict).toContainText('one character repeated');
  await security.getByLabel('New password', { exact: true }).fill('qwertyui');
  await expect(verdict).toContainText('row of keys');
  await security.getByLabel('New password', { exact: true }).fill('nafula-sings-2026');
  await expect(verdict).toContainText('must not contain your name');
  await security.getByLabel('New password', { exact: true }).fill('marula-oil-2025');
  await expect(verdict).toContainText('not easy to guess');

  await expect(security.getByTestId('session-ends').first()).toContainText('Signs out if unused until');
  const history = security.getByRole('list', { name: 'Sign-in history' });
  await expect(history.getByText('Signed in')).toHaveCount(1);

  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByRole('button', { name: 'Edit details' }).click();
  await details.getByLabel('Full name').fill('Nafula Wekesa Barasa');
  await expect(details.getByLabel('Current password', { exact: true })).toHaveCount(0);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved', { exact: true })).toBeVisible();
  await expect(page.getByText('Nafula Wekesa Barasa').first()).toBeVisible();
  await details.getByRole('button', { name: 'Edit details' }).click();
  await details.getByLabel('Phone number').fill('0799 000 123');
  await expect(details.getByLabel('Current password', { exact: true })).toBeVisible();
});
