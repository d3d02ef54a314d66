import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@urembo/contract/users';
import AdminShell from '../src/features/admin/admin-shell';
import { TwoFactorPanel } from '../src/features/auth/components/two-factor-panel';
import SigninScreen from '../src/features/auth/screens/signin';
import { customer } from './support/fixtures';
import './support/match-media';
import { mockApi } from './support/mock-api';
import { renderAt } from './render';

const CODES = Array.from({ length: 10 }, (_, i) => `k7m2${i}-x9p4t`);

describe('sign-in with two-factor', () => {
  it('asks for the app code after the password, then signs in', async () => {
    const calls = mockApi({
      'GET /auth/me': () => ({ body: { user: null } }),
      'POST /auth/signin': () => ({
        body: { twoFactorRequired: true, message: 'Enter the code from your authenticator app' },
      }),
      'POST /auth/2fa/verify': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { body: { user: customer, message: 'Sign in successful!' } }
          : { status: 400, body: { error: 'That code is not right.' } },
    });
    const { location } = renderAt(<SigninScreen />, '/signin');
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '0712000111' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'marula-oil-2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const field = await screen.findByLabelText('6-digit code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/2fa/verify')).toBe(false);

    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findAllByText('That code is not right.')).not.toHaveLength(0);

    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('takes a recovery code instead', async () => {
    const calls = mockApi({
      'GET /auth/me': () => ({ body: { user: null } }),
      'POST /auth/signin': () => ({ body: { twoFactorRequired: true, message: 'Enter the code' } }),
      'POST /auth/2fa/verify': () => ({ body: { user: customer, message: 'Sign in successful!' } }),
    });
    const { location } = renderAt(<SigninScreen />, '/signin?next=%2Forders');
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '0712000111' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'marula-oil-2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'K7M2Q-X9P4T' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders'));
    expect(calls.find((c) => c.path === '/auth/2fa/verify')?.body).toEqual({ code: 'K7M2Q-X9P4T' });
  });
});

describe('the Security panel: two-factor sign-in', () => {
  it('turns it on with the QR code, the key as text and a code, then shows the recovery codes once', async () => {
    let enabled = false;
    const calls = mockApi({
      'GET /auth/2fa': () => ({
        body: { enabled, recoveryCodesLeft: enabled ? 10 : 0, required: false },
      }),
      'POST /auth/2fa/setup': () => ({
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl:
            'otpauth://totp/Urembo:achieng%40example.co.ke?issuer=Urembo&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
        },
      }),
      'POST /auth/2fa/enable': () => {
        enabled = true;
        return { body: { message: 'Two-factor sign-in is on.', recoveryCodes: CODES } };
      },
    });
    renderAt(<TwoFactorPanel />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const qr = await screen.findByTestId('two-factor-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/2fa/enable')?.body).toEqual({ code: '123456' });
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns it off with the password and a code, and shows the server’s refusal', async () => {
    let enabled = true;
    mockApi({
      'GET /auth/2fa': () => ({ body: { enabled, recoveryCodesLeft: enabled ? 7 : 0, required: false } }),
      'POST /auth/2fa/disable': (call) => {
        if ((call.body as { password: string }).password !== 'marula-oil-2025')
          return { status: 400, body: { error: 'Your current password is not right' } };
        enabled = false;
        return { body: { message: 'Two-factor sign-in is off' } };
      },
    });
    renderAt(<TwoFactorPanel />, '/profile');
    expect(await screen.findByText(/7 recovery codes left/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one-11' } });
    fireEvent.change(screen.getByLabelText('Code from your app, or a recovery code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Your current password is not right')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'marula-oil-2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
  });

  it('leads an admin without it from the admin pages to the setup', async () => {
    const admin: User = { ...customer, role: 'admin' };
    mockApi({
      'GET /auth/me': () => ({ body: { user: admin } }),
      'GET /auth/2fa': () => ({ body: { enabled: false, recoveryCodesLeft: 0, required: true } }),
    });
    renderAt(<AdminShell />, `/admin/${admin._id}/dashboard`);
    const link = await screen.findByRole('link', { name: 'Set up two-factor sign-in' });
    expect(link.getAttribute('href')).toBe('/profile#two-factor');
  });
});
