import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchForm } from '../src/components/search-form';
import { NotFoundPage } from '../src/pages/not-found';
import { SPLASH_KEY, SPLASH_MS, Splash } from '../src/app/splash';
import { headerLinks } from '../src/app/nav-links';
import { MobileMenu } from '../src/app/mobile-menu';
import { mockApi } from './support/mock-api';
import { createTranslator, I18nProvider } from '../src/i18n/i18n';
import { en } from '../src/i18n/catalogues/en';
import { sw } from '../src/i18n/catalogues/sw';
import { Spinner } from '../src/components/spinner';
import { renderAt } from './render';

describe('SearchForm', () => {
  it('navigates to /search with the encoded term', async () => {
    const { location } = renderAt(<SearchForm />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '  rose & shea  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/search?search=rose%20%26%20shea'));
  });

  it('labels its own field when the top bar shows two (phone and wide screen)', () => {
    renderAt(
      <>
        <SearchForm />
        <SearchForm />
      </>,
    );
    const fields = screen.getAllByRole('searchbox', { name: 'Search products' });
    expect(fields).toHaveLength(2);
    expect(new Set(fields.map((field) => field.id)).size).toBe(2);
  });

  it('does nothing for a blank term', () => {
    const { location } = renderAt(<SearchForm />, '/shop');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location.history).toEqual(['/shop']);
  });
});

describe('Spinner', () => {
  it('announces "Loading" in the page’s language unless it is given its own words', () => {
    const { unmount } = renderAt(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    unmount();
    renderAt(
      <I18nProvider translator={createTranslator('sw', sw)}>
        <Spinner />
        <Spinner label="Tunafungua kikapu chako" />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Inafungua',
      'Tunafungua kikapu chako',
    ]);
  });
});

describe('NotFoundPage', () => {
  it('sets the title and links home', () => {
    renderAt(<NotFoundPage />, '/nowhere');
    expect(document.title).toBe('Page Not Found · Urembo');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});

describe('Splash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows for 3 seconds once per browser session', () => {
    const first = renderAt(<Splash />);
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    expect(sessionStorage.getItem(SPLASH_KEY)).toBe('1');
    act(() => vi.advanceTimersByTime(SPLASH_MS - 1));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    first.unmount();
    renderAt(<Splash />);
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });
});

describe('headerLinks', () => {
  const english = createTranslator('en', en);
  const user = {
    _id: 'u1',
    fullName: 'Amina',
    email: null,
    phone: '254712345678',
    isEmailVerified: false,
    isPhoneVerified: false,
    lastLogin: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    language: 'en' as const,
  };
  it('shows Admin only to admins and Profile only when signed in', () => {
    expect(headerLinks(null, english).map((l) => l.label)).toEqual(['Shop', 'Cart', 'Orders']);
    expect(headerLinks({ ...user, role: 'customer' }, english).map((l) => l.label)).toEqual([
      'Shop',
      'Cart',
      'Orders',
      'Profile',
    ]);
    expect(headerLinks({ ...user, role: 'admin' }, english)).toContainEqual({
      to: '/admin/u1/dashboard',
      label: 'Admin',
    });
  });
});

describe('MobileMenu', () => {
  it('lists the shop’s categories, each leading to its shelf, and closes on a choice', async () => {
    mockApi({
      'GET /auth/me': () => ({ body: { user: null } }),
      'GET /category': () => ({
        body: {
          data: [
            { _id: 'c1', category: 'Skin care', description: '' },
            { _id: 'c2', category: 'Hair', description: '' },
          ],
        },
      }),
    });
    const onClose = vi.fn();
    renderAt(<MobileMenu open onClose={onClose} />);
    const list = await screen.findByRole('list', { name: 'Categories' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Skin care', '/shop?category=c1'],
      ['Hair', '/shop?category=c2'],
    ]);
    fireEvent.click(links[1]!);
    expect(onClose).toHaveBeenCalled();
  });
});
