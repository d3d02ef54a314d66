import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { Return } from '@urembo/contract/returns';
import ReturnsTable from '../src/features/returns/admin/returns-table';
import ReturnsScreen from '../src/app/screens/returns-screen';
import { OrderReturns } from '../src/features/orders/components/order-returns';
import { ADMIN_SLUGS, ADMIN_TABLE_LABELS, ADMIN_TABLES } from '../src/app/admin-tables';
import { createTranslator, I18nProvider } from '../src/i18n/i18n';
import { en } from '../src/i18n/catalogues/en';
import { sw } from '../src/i18n/catalogues/sw';
import { order, paged, publicConfig } from './support/fixtures';
import { mockApi } from './support/mock-api';
import { renderAt } from './render';
import './support/match-media';

afterEach(() => {
  toast.remove();
});

function aReturn(overrides: Partial<Return> = {}): Return {
  return {
    _id: 'r1',
    order: { _id: '65f0c0ffee00000000a1b2c3', reference: 'K7HX9QC' },
    customer: { name: 'Amina Wanjiru', phone: '254712345678' },
    items: [
      { _id: 'p1', variant: null, name: 'Vitamin C Serum', price: 1800, images: [], count: 1 },
      {
        _id: 'p2',
        variant: { _id: 'v1', sku: 'SOAP-200' },
        name: 'Black Soap',
        price: 450,
        images: [],
        count: 2,
      },
    ],
    reason: 'The seal was broken when it arrived',
    state: 'requested',
    refundAmount: 2700,
    note: null,
    createdAt: '2026-03-06T09:30:00.000Z',
    updatedAt: '2026-03-06T09:30:00.000Z',
    receivedAt: null,
    ...overrides,
  };
}

const page = (returns: Return[]) => ({ body: paged(returns, 1, 25) });

function renderTable(path = '/') {
  return renderAt(
    <>
      <ReturnsTable />
      <Toaster />
    </>,
    path,
  );
}

describe('ReturnsTable (admin)', () => {
  it('is in the admin navigation as Returns', () => {
    expect(ADMIN_SLUGS).toContain('returns');
    expect(ADMIN_TABLE_LABELS.returns).toBe('Returns');
    expect(ADMIN_TABLES.returns).toBeDefined();
  });

  it("shows each return's order, customer, items, reason, refund and state; filters by state", async () => {
    const calls = mockApi({
      'GET /returns?page=1&limit=25': () =>
        page([aReturn(), aReturn({ _id: 'r2', state: 'received', receivedAt: '2026-03-08T10:00:00.000Z' })]),
      'GET /returns?page=1&limit=25&state=requested': () => page([aReturn()]),
    });
    const { location } = renderTable();
    const row = (await screen.findAllByText('K7HX9QC'))[0]!.closest<HTMLElement>('tr, li')!;
    expect(row).toHaveTextContent('Amina Wanjiru');
    expect(row).toHaveTextContent('0712 345 678');
    expect(row).toHaveTextContent('1 × Vitamin C Serum');
    expect(row).toHaveTextContent('2 × Black Soap (SOAP-200)');
    expect(row).toHaveTextContent('The seal was broken when it arrived');
    expect(row).toHaveTextContent('Ksh 2,700');
    expect(row).toHaveTextContent('Requested');
    expect(within(row).getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Mark received/ })).not.toBeInTheDocument();
    // A received return is final: no actions, the day it came back.
    const done = screen.getAllByText('K7HX9QC')[1]!.closest<HTMLElement>('tr, li')!;
    expect(within(done).queryAllByRole('button')).toHaveLength(0);
    expect(done).toHaveTextContent('Received 8 Mar 2026');
    expect(screen.getByTestId('returns-total')).toHaveTextContent('2 returns');

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'requested' } });
    await waitFor(() => expect(screen.getByTestId('returns-total')).toHaveTextContent('1 return requested'));
    expect(location.history?.at(-1)).toBe('/?state=requested');
    expect(calls.map((c) => c.path)).toContain('/returns?page=1&limit=25&state=requested');
  });

  it('approves with a note the customer gets by SMS', async () => {
    const calls = mockApi({
      'GET /returns?page=1&limit=25': () => page([aReturn()]),
      'PUT /returns/r1': (call) => ({
        body: aReturn({ state: 'approved', note: (call.body as { note?: string }).note ?? null }),
      }),
    });
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve: the return of order K7HX9QC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this return?' });
    expect(dialog).toHaveTextContent('told by SMS to bring or send the items back');
    fireEvent.change(within(dialog).getByLabelText(/Note to the customer/), {
      target: { value: '  Drop them at the Sarit Centre shop  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Return of order K7HX9QC approved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { state: 'approved', note: 'Drop them at the Sarit Centre shop' },
    ]);
  });

  it('asks before marking received (stock and refund follow), starting on Cancel', async () => {
    const calls = mockApi({
      'GET /returns?page=1&limit=25': () => page([aReturn({ state: 'approved' })]),
      'PUT /returns/r1': () => ({ body: aReturn({ state: 'received' }) }),
    });
    renderTable();
    const open = await screen.findByRole('button', { name: 'Mark received: the return of order K7HX9QC' });
    fireEvent.click(open);
    let dialog = await screen.findByRole('alertdialog', { name: 'Mark this return received?' });
    expect(dialog).toHaveTextContent('they go back into stock');
    expect(dialog).toHaveTextContent('Ksh 2,700 becomes refund due');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveAttribute('data-autofocus');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.click(open);
    dialog = await screen.findByRole('alertdialog', { name: 'Mark this return received?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByText('Return of order K7HX9QC marked received')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ state: 'received' }]);
  });

  it('rejecting asks too; when another admin moved it first, says so and shows the list again', async () => {
    let listed = 0;
    mockApi({
      'GET /returns?page=1&limit=25': () => {
        listed += 1;
        return page([aReturn({ state: listed === 1 ? 'requested' : 'approved' })]);
      },
      'PUT /returns/r1': () => ({ status: 409, body: { error: 'This return is already approved' } }),
    });
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject: the return of order K7HX9QC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this return?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This return is already approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(
      await screen.findByRole('button', { name: 'Mark received: the return of order K7HX9QC' }),
    ).toBeInTheDocument();
  });
});

describe('ReturnsScreen (/returns)', () => {
  it('says how to return within the configured days, what cannot go back, refunds, genuineness and contacts', async () => {
    mockApi({ 'GET /config/public': { body: publicConfig({ returnDays: 10 }) } });
    renderAt(<ReturnsScreen />, '/returns');
    expect(screen.getByRole('heading', { level: 1, name: 'Returns and authenticity' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Returning items within 10 days' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Returns and authenticity · Urembo');
    const howTo = screen.getByRole('region', { name: 'Returning items within 10 days' });
    expect(howTo).toHaveTextContent('The button is there for 10 days after we mark your order delivered');
    expect(within(howTo).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/orders/delivered',
    );
    expect(screen.getByRole('region', { name: 'What we cannot take back' })).toHaveTextContent(
      'unless the product was faulty, damaged or not what you ordered',
    );
    expect(screen.getByRole('region', { name: 'How your money comes back' })).toHaveTextContent('M-Pesa');
    const genuine = screen.getByRole('region', { name: 'How to tell a product is genuine' });
    expect(genuine).toHaveTextContent('Kenya Bureau of Standards (KEBS)');
    expect(genuine).toHaveTextContent('Pharmacy and Poisons Board');
    expect(genuine).toHaveTextContent('Best before 03/2027');
    expect(genuine).toHaveTextContent('hydroquinone or mercury (also written mercuric, mercurous, calomel');
    const contact = screen.getByRole('region', { name: 'Talk to us' });
    expect(within(contact).getByRole('link', { name: '0700 000 000' })).toHaveAttribute(
      'href',
      'tel:+254700000000',
    );
    expect(within(contact).getByRole('link', { name: 'WhatsApp us' })).toHaveAttribute(
      'href',
      'https://wa.me/254700000000',
    );
    expect(within(contact).getByRole('link', { name: 'hello@urembo.co.ke' })).toBeInTheDocument();
  });

  it('speaks Kiswahili on a Kiswahili page, with no English sentence left', async () => {
    mockApi({ 'GET /config/public': { body: publicConfig({ returnDays: 10 }) } });
    const { container } = renderAt(
      <I18nProvider translator={createTranslator('sw', sw)}>
        <ReturnsScreen />
      </I18nProvider>,
      '/returns',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kurudisha bidhaa na uhalisi' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Kurudisha bidhaa na uhalisi · Urembo');
    const howTo = await screen.findByRole('region', { name: 'Kurudisha bidhaa ndani ya siku 10' });
    expect(screen.getByRole('list', { name: 'Kwa ufupi' })).toHaveTextContent(
      'siku 10za kuomba kurudisha bidhaa',
    );
    expect(within(howTo).getByRole('link', { name: 'Maagizo yangu' })).toHaveAttribute(
      'href',
      '/orders/delivered',
    );
    expect(howTo).toHaveTextContent('kisha ubonyeze Rudisha bidhaa.');
    expect(howTo).toHaveTextContent('Kitufe hicho kinapatikana kwa siku 10 baada ya');
    const genuine = screen.getByRole('region', { name: 'Jinsi ya kujua bidhaa ni halisi' });
    expect(genuine).toHaveTextContent(
      'hydroquinone au mercury (pia huandikwa mercuric, mercurous, calomel, thiomersal',
    );
    const contact = screen.getByRole('region', { name: 'Ongea nasi' });
    await within(contact).findByRole('link', { name: 'Tuandikie WhatsApp' });
    expect(contact).toHaveTextContent(sw['footer.hours']);

    // Every English text of the page, sentence by sentence (its tags and placeholders left out), is gone.
    const text = container.textContent!;
    const english = Object.entries(en)
      .filter(([key]) => key.startsWith('returnsPage.') || key === 'footer.hours')
      .flatMap(([, value]) => value.replace(/<\/?\w+>/g, '').split(/\{\w+\}|[.:;()]\s*/))
      .map((part) => part.trim())
      .filter((part) => part.split(' ').length >= 2);
    expect(english.length).toBeGreaterThan(30);
    expect(english.filter((sentence) => text.includes(sentence))).toEqual([]);
  });

  it('names the order page’s link and button, and the product page’s labels, as those screens do', () => {
    for (const messages of [en, sw]) {
      expect(messages['returnsPage.howTo1']).toContain(`<link>${messages['orders.heading']}</link>`);
      expect(messages['returnsPage.howTo1']).toContain(`<b>${messages['returns.open']}</b>`);
    }
    // (The English page writes "What's inside" with a plain apostrophe.)
    expect(sw['returnsPage.genuineIntro']).toContain(`<b>${sw['product.inside']}</b>`);
    expect(sw['returnsPage.registration']).toMatch(new RegExp(`^<b>${sw['product.registration']}</b>`));
    expect(sw['returnsPage.brand']).toMatch(new RegExp(`^<b>${sw['shop.brand']}</b>`));
    expect(sw['returnsPage.bestBefore']).toMatch(new RegExp(`^<b>${sw['product.bestBeforeLabel']}</b>`));
    expect(sw['returnsPage.bestBefore']).toContain(sw['product.bestBefore'].replace('{date}', '03/2027'));
    expect(sw['returnsPage.title']).toBe(sw['footer.returns']);
    expect(en['returnsPage.title']).toBe(en['footer.returns']);
  });
});

describe('OrderReturns (the order page)', () => {
  it('names each shade of a product as its own line and sends the variant of the one returned', async () => {
    const shades = order({
      deliveryStatus: 'delivered',
      paymentStatus: 'paid',
      deliveredAt: new Date().toISOString(),
      items: [
        {
          _id: 'p1',
          name: 'Matte Lipstick',
          price: 1200,
          images: [],
          count: 1,
          variant: { _id: 'v-mocha', sku: 'LIP-MOCHA', options: { Shade: 'Mocha' } },
        },
        {
          _id: 'p1',
          name: 'Matte Lipstick',
          price: 1100,
          images: [],
          count: 2,
          variant: { _id: 'v-rose', sku: 'LIP-ROSE', options: { Shade: 'Rose' } },
        },
        { _id: 'p2', name: 'Black Soap', price: 450, images: [], count: 1, variant: null },
      ],
    });
    const calls = mockApi({
      'GET /config/public': { body: publicConfig() },
      'GET /order/65f0c0ffee00000000a1b2c3/returns': {
        body: {
          data: [
            aReturn({
              items: [
                {
                  _id: 'p1',
                  variant: { _id: 'v-mocha', sku: 'LIP-MOCHA' },
                  name: 'Matte Lipstick',
                  price: 1200,
                  images: [],
                  count: 1,
                },
              ],
              refundAmount: 1200,
            }),
          ],
        },
      },
      'POST /order/65f0c0ffee00000000a1b2c3/returns': { status: 201, body: aReturn() },
    });
    renderAt(<OrderReturns order={shades} />);
    // An earlier return names its shade as the order does.
    expect(await screen.findByTestId('order-returns')).toHaveTextContent(
      '1 × Matte Lipstick (Shade: Mocha) · Ksh 1,200',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = screen.getByRole('form', { name: 'Return items form' });
    fireEvent.change(within(form).getByLabelText('Matte Lipstick (Shade: Rose)'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Black Soap'), { target: { value: '1' } });
    expect(within(form).getByLabelText('Matte Lipstick (Shade: Mocha)')).toHaveValue('0');
    fireEvent.change(within(form).getByLabelText('Why are you returning them?'), {
      target: { value: 'Wrong shade' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      items: [
        { _id: 'p1', variant: 'v-rose', count: 2 },
        { _id: 'p2', count: 1 },
      ],
      reason: 'Wrong shade',
    });
  });
});
