import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageResponse } from '@urembo/contract/auth';
import type { User } from '@urembo/contract/users';
import { CodeVerification } from '../src/features/auth/components/code-verification';
import { NewPasswordField } from '../src/features/auth/components/new-password-field';
import { ForgotPasswordModal } from '../src/features/auth/components/forgot-password-modal';
import { COOLDOWN_KEYS } from '../src/features/auth/use-cooldown';
import { VerifyPhoneBanner } from '../src/components/verify-phone-banner';
import { PlacePicker, type PlaceNames } from '../src/features/profile/components/place-picker';
import { renderAt } from './render';
import { mockApi, routes, type Reply } from './support/mock-api';

afterEach(() => {
  vi.useRealTimers();
});

const GEOGRAPHY = routes({
  'GET /shipping/countries': () => ({
    body: {
      data: [
        { _id: 'ke', name: 'Kenya', active: true },
        { _id: 'ug', name: 'Uganda', active: true },
      ],
    },
  }),
  'GET /shipping/counties?country=ke': () => ({
    body: {
      data: [
        { _id: 'nbi', name: 'Nairobi', country: 'ke', active: true },
        { _id: 'msa', name: 'Mombasa', country: 'ke', active: true },
      ],
    },
  }),
  'GET /shipping/counties?country=ug': () => ({
    body: { data: [{ _id: 'kla', name: 'Kampala', country: 'ug', active: true }] },
  }),
  'GET /shipping/towns?county=nbi': () => ({
    body: {
      data: [
        { _id: 'wl', name: 'Westlands', county: 'nbi', active: true },
        { _id: 'kr', name: 'Karen', county: 'nbi', active: true },
      ],
    },
  }),
  'GET /shipping/locations?town=wl': () => ({
    body: {
      data: [
        { _id: 'l1', name: 'Parklands', town: 'wl', shippingFee: 250, active: true },
        { _id: 'l2', name: 'Lavington', town: 'wl', shippingFee: 300, active: true },
      ],
    },
  }),
  'GET /shipping/locations?town=kr': () => ({
    body: { data: [{ _id: 'l3', name: 'Hardy', town: 'kr', shippingFee: 350, active: true }] },
  }),
});

function Picker({ initial, onValue }: { initial: PlaceNames; onValue: (v: PlaceNames) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PlacePicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('PlacePicker (cascading selects)', () => {
  it('loads each level after its parent is chosen, clears the levels below, and shows the fee', async () => {
    const calls = mockApi(GEOGRAPHY);
    const values: PlaceNames[] = [];
    renderAt(
      <Picker
        initial={{ country: '', county: '', town: '', location: '' }}
        onValue={(v) => values.push(v)}
      />,
    );
    const country = screen.getByLabelText('Country');
    const county = screen.getByLabelText('County');
    const town = screen.getByLabelText('Town');
    const location = screen.getByLabelText('Location');
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Kenya' })).toBeInTheDocument());
    expect(county).toBeDisabled();
    expect(within(county).getByRole('option', { name: 'Choose a country first' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/shipping/countries']);

    fireEvent.change(country, { target: { value: 'Kenya' } });
    await waitFor(() => expect(county).toBeEnabled());
    expect(
      within(county)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select county', 'Nairobi', 'Mombasa']);
    expect(town).toBeDisabled();
    fireEvent.change(county, { target: { value: 'Nairobi' } });
    await waitFor(() => expect(town).toBeEnabled());
    fireEvent.change(town, { target: { value: 'Westlands' } });
    await waitFor(() => expect(location).toBeEnabled());
    expect(
      within(location)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select location', 'Parklands (Ksh 250)', 'Lavington (Ksh 300)']);
    fireEvent.change(location, { target: { value: 'Lavington' } });
    expect(values.at(-1)).toEqual({
      country: 'Kenya',
      county: 'Nairobi',
      town: 'Westlands',
      location: 'Lavington',
    });
    expect(screen.getByTestId('delivery-fee')).toHaveTextContent('Delivery to Lavington: Ksh 300');

    // A new town clears the location; a new country clears everything below it.
    fireEvent.change(town, { target: { value: 'Karen' } });
    expect(values.at(-1)).toEqual({ country: 'Kenya', county: 'Nairobi', town: 'Karen', location: '' });
    await waitFor(() =>
      expect(within(location).getByRole('option', { name: 'Hardy (Ksh 350)' })).toBeInTheDocument(),
    );
    expect(screen.queryByTestId('delivery-fee')).not.toBeInTheDocument();
    fireEvent.change(country, { target: { value: 'Uganda' } });
    expect(values.at(-1)).toEqual({ country: 'Uganda', county: '', town: '', location: '' });
    await waitFor(() => expect(within(county).getByRole('option', { name: 'Kampala' })).toBeInTheDocument());
    expect(town).toBeDisabled();
    expect(location).toBeDisabled();
    expect(calls.map((c) => c.path)).toEqual([
      '/shipping/countries',
      '/shipping/counties?country=ke',
      '/shipping/towns?county=nbi',
      '/shipping/locations?town=wl',
      '/shipping/locations?town=kr',
      '/shipping/counties?country=ug',
    ]);
  });

  it('opens an existing address with every level chosen (the edit form)', async () => {
    mockApi(GEOGRAPHY);
    renderAt(
      <Picker
        initial={{ country: 'Kenya', county: 'Nairobi', town: 'Westlands', location: 'Parklands' }}
        onValue={() => undefined}
      />,
    );
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Parklands'));
    expect(screen.getByLabelText('Country')).toHaveValue('Kenya');
    expect(screen.getByLabelText('County')).toHaveValue('Nairobi');
    expect(screen.getByLabelText('Town')).toHaveValue('Westlands');
    expect(screen.getByTestId('delivery-fee')).toHaveTextContent('Ksh 250');
  });
});

const USER: User = {
  _id: 'u1',
  fullName: 'Achieng Otieno',
  email: 'achieng@example.co.ke',
  phone: '254712000111',
  role: 'customer',
  isEmailVerified: false,
  isPhoneVerified: false,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  language: 'en',
};

describe('CodeVerification resend countdown', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T10:00:00Z') }));

  it('says a code was sent only once the API accepted it, then counts "Resend in {n}s" down across a reload', async () => {
    let release: () => void = () => undefined;
    const accepted = new Promise<void>((resolve) => (release = resolve));
    const calls = mockApi({
      'GET /auth/me': () => ({ body: { user: USER } }),
      'POST /auth/newPhoneToken': async () => {
        await accepted;
        return { body: { message: 'New token sent' } };
      },
    });
    const first = renderAt(<CodeVerification kind="phone" />, '/verify-phone');
    const send = await screen.findByRole('button', { name: 'Send code' });
    expect(screen.getByText('0712 000 111')).toBeInTheDocument();
    // Nothing has been sent yet, and the page does not pretend otherwise.
    expect(screen.queryByText(/We sent/)).toBeNull();
    expect(screen.getByText(/we will send a 6-digit code by SMS to/)).toBeInTheDocument();
    fireEvent.click(send);
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(screen.queryByText(/We sent/)).toBeNull();
    expect(localStorage.getItem(COOLDOWN_KEYS.phone)).toBeNull();
    release();
    expect(await screen.findByRole('button', { name: 'Resend in 120s' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a 6-digit code by SMS to 0712 000 111');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/auth/newPhoneToken')).toHaveLength(1);
    const expiry = Number(localStorage.getItem(COOLDOWN_KEYS.phone));
    expect(Math.abs(expiry - Date.parse('2026-03-01T10:02:00Z'))).toBeLessThan(1000);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 119s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByRole('button', { name: 'Resend in 90s' })).toBeInTheDocument();

    // A reload (a new mount) keeps counting from the stored expiry.
    first.unmount();
    renderAt(<CodeVerification kind="phone" />, '/verify-phone');
    expect(await screen.findByRole('button', { name: 'Resend in 90s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(90_000));
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
    expect(localStorage.getItem(COOLDOWN_KEYS.phone)).toBeNull();
  });

  it('shows the API’s refusal instead of "sent", and follows the server’s Retry-After on a 429', async () => {
    let answer: Reply<MessageResponse> = {
      status: 503,
      body: { error: 'The SMS service is not answering right now. Please try again in a few minutes.' },
    };
    mockApi({
      'GET /auth/me': () => ({ body: { user: USER } }),
      'POST /auth/newPhoneToken': () => answer,
    });
    renderAt(<CodeVerification kind="phone" />, '/verify-phone');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The SMS service is not answering right now.');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
    expect(screen.queryByText(/We sent/)).toBeNull();
    expect(localStorage.getItem(COOLDOWN_KEYS.phone)).toBeNull();

    answer = {
      status: 429,
      body: { error: 'Too many codes were requested from your network' },
      headers: { 'retry-after': '170' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 170s' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many codes were requested from your network');
    expect(screen.queryByText(/We sent/)).toBeNull();
  });

  it('says an email sign-up has just mailed was sent, with its cool-down running', async () => {
    localStorage.setItem(COOLDOWN_KEYS.email, String(Date.parse('2026-03-01T10:05:00Z')));
    mockApi({ 'GET /auth/me': () => ({ body: { user: USER } }) });
    renderAt(<CodeVerification kind="email" />, '/verify-email');
    expect(await screen.findByRole('button', { name: 'Resend in 300s' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a 6-digit code by email to');
  });

  it('says an already verified address is verified instead of a 404', async () => {
    mockApi({ 'GET /auth/me': () => ({ body: { user: { ...USER, isEmailVerified: true } } }) });
    renderAt(<CodeVerification kind="email" />, '/verify-email');
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });
});

describe('VerifyPhoneBanner', () => {
  it('asks a customer with an unverified phone to verify it, and is gone once verified', () => {
    const view = renderAt(<VerifyPhoneBanner user={USER} />);
    const banner = screen.getByRole('complementary', { name: 'Verify your phone' });
    expect(banner).toHaveTextContent('0712 000 111');
    expect(within(banner).getByRole('link', { name: 'Verify phone' })).toHaveAttribute(
      'href',
      '/verify-phone',
    );
    view.unmount();
    renderAt(<VerifyPhoneBanner user={{ ...USER, isPhoneVerified: true }} />);
    expect(screen.queryByRole('complementary', { name: 'Verify your phone' })).toBeNull();
  });
});

describe('NewPasswordField', () => {
  function Field() {
    const [value, setValue] = useState('');
    return (
      <NewPasswordField
        label="Password"
        name="password"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={undefined}
        context={{ fullName: 'Wanjiku Kamau', phone: '0712345678' }}
        idleHint="At least 8 characters."
      />
    );
  }

  it('says why a password would be refused as the person types, and when it will do', async () => {
    renderAt(<Field />);
    const input = screen.getByLabelText('Password');
    const verdict = screen.getByTestId('password-verdict');
    expect(verdict).toHaveTextContent('At least 8 characters.');
    expect(verdict).toHaveAttribute('aria-live', 'polite');
    fireEvent.change(input, { target: { value: 'aaaa' } });
    await waitFor(() => expect(verdict).toHaveTextContent('Password must be at least 8 characters'));
    fireEvent.change(input, { target: { value: 'aaaaaaaa' } });
    await waitFor(() => expect(verdict).toHaveTextContent(/one character repeated/));
    fireEvent.change(input, { target: { value: 'qwertyui' } });
    await waitFor(() => expect(verdict).toHaveTextContent(/row of keys/));
    fireEvent.change(input, { target: { value: 'abcd1234' } });
    await waitFor(() => expect(verdict).toHaveTextContent(/in order/));
    fireEvent.change(input, { target: { value: 'kamau-and-mango' } });
    await waitFor(() => expect(verdict).toHaveTextContent('Password must not contain your name'));
    fireEvent.change(input, { target: { value: 'marula-oil-2025' } });
    await waitFor(() => expect(verdict).toHaveTextContent(/not easy to guess/));
  });
});

describe('ForgotPasswordModal', () => {
  it('by phone: sends the code by SMS, then resets the password with it', async () => {
    const onClose = vi.fn();
    const calls = mockApi({
      'POST /auth/forgot-password': {
        body: { message: 'If an account uses that phone number, we have sent it an SMS with a code.' },
      },
      'POST /auth/reset-password-by-code': { body: { message: 'Password reset success' } },
    });
    renderAt(<ForgotPasswordModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Forgot your password?' });
    expect(within(dialog).getByRole('radio', { name: 'A code by SMS' })).toBeChecked();
    fireEvent.change(within(dialog).getByLabelText('Phone number'), { target: { value: '0712 345 678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(await within(dialog).findByLabelText('Code from the SMS')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('+254712345678');
    expect(calls.find((c) => c.path === '/auth/forgot-password')?.body).toEqual({ phone: '254712345678' });

    fireEvent.change(within(dialog).getByLabelText('Code from the SMS'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), {
      target: { value: 'baobab-seed-2026' },
    });
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), {
      target: { value: 'baobab-seed-2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('The code is the 6 digits we sent you')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Code from the SMS'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/auth/reset-password-by-code')?.body).toEqual({
      phone: '254712345678',
      code: '123456',
      password: 'baobab-seed-2026',
    });
  });

  it('by email: still mails a link', async () => {
    const calls = mockApi({ 'POST /auth/forgot-password': { body: { message: 'sent' } } });
    renderAt(<ForgotPasswordModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Forgot your password?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A link by email' }));
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'Amina@Example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Recovery Email' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/auth/forgot-password')?.body).toEqual({
        email: 'amina@example.com',
      }),
    );
  });
});
