import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutPage } from '../src/features/checkout/screens/checkout-page';
import { CHECKOUT_DATA_KEY } from '../src/lib/checkout-data';
import { address, customer, publicConfig, signedIn } from './support/fixtures';
import './support/match-media';
import { mockApi, routes, type RecordedCall } from './support/mock-api';
import { renderAt } from './render';

const config = routes({ 'GET /config/public': { body: publicConfig() } });
const items = [
  { _id: 'p1', name: 'Vitamin C Serum', price: 1, count: 2, images: ['/img/a.webp'] },
  { _id: 'p2', name: 'Black Soap', price: 450, images: [] },
];
const quoteBody = {
  items: [
    { _id: 'p1', name: 'Vitamin C Serum', price: 1800, images: ['/img/a.webp'], count: 2 },
    { _id: 'p2', name: 'Black Soap', price: 450, images: [], count: 1 },
  ],
  subtotal: 4050,
  shippingFee: 300,
  totalAmount: 4350,
};

beforeEach(() => localStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(items)));
afterEach(() => {
  toast.remove();
});

describe('CheckoutPage', () => {
  it('goes to the shop without checkout data', async () => {
    localStorage.removeItem(CHECKOUT_DATA_KEY);
    mockApi(signedIn);
    const { location } = renderAt(<CheckoutPage />, '/checkout');
    await waitFor(() => expect(location.history.at(-1)).toBe('/shop'));
  });

  it('without an address, asks for one and cannot proceed', async () => {
    mockApi({
      ...signedIn,
      ...config,
      [`GET /address/user/${customer._id}`]: () => ({ body: { data: [] } }),
      [`POST /order/${customer._id}/quote`]: () => ({
        body: { ...quoteBody, shippingFee: null, totalAmount: null },
      }),
    });
    renderAt(<CheckoutPage />, '/checkout');
    const button = await screen.findByRole('button', { name: 'Add a delivery address first' });
    expect(button).toBeDisabled();
    expect(screen.getByText('You have no delivery address yet: add one to finish your order.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add an address' })).toBeEnabled();
    expect(document.title).toBe('Checkout · Urembo');
  });

  it("shows the default address and the server's totals, and places the order once per confirmation", async () => {
    const calls = mockApi({
      ...signedIn,
      ...config,
      [`GET /address/user/${customer._id}`]: () => ({
        body: {
          data: [address(), address({ _id: 'a2', name: 'Office', location: 'Parklands', isDefault: true })],
        },
      }),
      [`POST /order/${customer._id}/quote`]: () => ({ body: quoteBody }),
      [`POST /order/${customer._id}`]: () => ({ status: 201, body: { _id: 'order-1' } }),
    });
    const { location } = renderAt(
      <>
        <CheckoutPage />
        <Toaster />
      </>,
      '/checkout',
    );
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('Ksh 4,350'));
    const shipping = screen.getByRole('region', { name: 'Shipping Information' });
    expect(within(shipping).getByText('Office')).toBeInTheDocument();
    expect(within(shipping).getByRole('radio', { name: /Office/ })).toBeChecked();
    expect(within(shipping).getAllByText('0712 345 678')).toHaveLength(2);
    expect(within(shipping).getByText('Parklands, Westlands, Nairobi, Kenya')).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    expect(within(summary).getByText('Ksh 4,050')).toBeInTheDocument();
    expect(within(summary).getByText('Ksh 300')).toBeInTheDocument();
    expect(within(summary).getByText('3')).toBeInTheDocument();
    // The product list shows the server's prices, never the stored ones.
    const list = screen.getByRole('region', { name: 'Product List' });
    expect(within(list).getByText('Ksh 1,800')).toBeInTheDocument();
    expect(within(list).getByText('Quantity: 2')).toBeInTheDocument();
    expect(screen.getByText('542542')).toBeInTheDocument();
    expect(screen.getByText('484580')).toBeInTheDocument();
    const quotes = calls.filter((c) => c.path.endsWith('/quote'));
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.body).toEqual({
      country: 'Kenya',
      county: 'Nairobi',
      town: 'Westlands',
      location: 'Parklands',
      items: [
        { _id: 'p1', count: 2 },
        { _id: 'p2', count: 1 },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Confirmation' });
    expect(dialog).toHaveTextContent('redirected to the order page for the payment instructions');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/order/order-1'));
    expect(await screen.findByText('Order created')).toBeInTheDocument();
    expect(localStorage.getItem(CHECKOUT_DATA_KEY)).toBeNull();
    const create = calls.filter((c) => c.method === 'POST' && c.path === `/order/${customer._id}`);
    expect(create).toHaveLength(1);
    expect(create[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(create[0]!.body).toEqual({
      name: 'Office',
      phone: '254712345678',
      email: 'amina@example.com',
      country: 'Kenya',
      county: 'Nairobi',
      town: 'Westlands',
      location: 'Parklands',
      items: [
        { _id: 'p1', count: 2 },
        { _id: 'p2', count: 1 },
      ],
    });
  });

  it("keeps the same key for retries within one dialog, shows the server's error and a new key next time", async () => {
    let attempts = 0;
    const calls = mockApi({
      ...signedIn,
      ...config,
      [`GET /address/user/${customer._id}`]: () => ({ body: { data: [address()] } }),
      [`POST /order/${customer._id}/quote`]: () => ({ body: quoteBody }),
      [`POST /order/${customer._id}`]: () => {
        attempts += 1;
        return {
          status: 400,
          body: { error: 'Black Soap is no longer available: please remove it from your order' },
        };
      },
    });
    renderAt(
      <>
        <CheckoutPage />
        <Toaster />
      </>,
      '/checkout',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Payment Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Black Soap is no longer available: please remove it from your order'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    dialog = await screen.findByRole('dialog', { name: 'Payment Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(attempts).toBe(3));
    const keys = calls
      .filter((c) => c.path === `/order/${customer._id}`)
      .map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks for updates on WhatsApp only where the shop offers them', async () => {
    const place = async (whatsappUpdates: boolean, tick: boolean) => {
      const calls = mockApi({
        ...signedIn,
        'GET /config/public': () => ({ body: publicConfig({ whatsappUpdates }) }),
        [`GET /address/user/${customer._id}`]: () => ({ body: { data: [address()] } }),
        [`POST /order/${customer._id}/quote`]: () => ({ body: quoteBody }),
        [`POST /order/${customer._id}`]: () => ({ status: 400, body: { error: 'Stop here' } }),
      });
      // Calls add up over one test: this order is the one after those already made.
      const orders = () => calls.filter((c) => c.path === `/order/${customer._id}`);
      const before = orders().length;
      const view = renderAt(<CheckoutPage />, '/checkout');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
      const dialog = await screen.findByRole('dialog', { name: 'Payment Confirmation' });
      const box = within(dialog).queryByRole('checkbox', { name: /Send updates on WhatsApp/ });
      if (!whatsappUpdates) expect(box).toBeNull();
      else {
        expect(box).not.toBeChecked();
        if (tick) fireEvent.click(box!);
      }
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(orders().length).toBe(before + 1));
      view.unmount();
      return orders().at(-1)!.body as Record<string, unknown>;
    };
    expect((await place(true, true)).whatsapp).toBe(true);
    expect(await place(true, false)).not.toHaveProperty('whatsapp');
    expect(await place(false, false)).not.toHaveProperty('whatsapp');
  });

  it('shows why an address cannot be delivered to', async () => {
    mockApi({
      ...signedIn,
      ...config,
      [`GET /address/user/${customer._id}`]: () => ({ body: { data: [address({ location: 'Mars' })] } }),
      [`POST /order/${customer._id}/quote`]: () => ({
        status: 400,
        body: { error: 'We do not deliver to that location yet' },
      }),
    });
    renderAt(<CheckoutPage />, '/checkout');
    expect(await screen.findByRole('alert')).toHaveTextContent('We do not deliver to that location yet');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  });

  it('starts on an address still delivered to, says why the default is not, and quotes the one picked', async () => {
    const off = 'We no longer deliver to Sarit Centre. Choose another address or add one.';
    const calls = mockApi({
      ...signedIn,
      ...config,
      [`GET /address/user/${customer._id}`]: () => ({
        body: {
          data: [
            address({ isDefault: true, undeliverable: off }),
            address({ _id: 'a2', name: 'Office', location: 'Parklands' }),
          ],
        },
      }),
      [`POST /order/${customer._id}/quote`]: (call: RecordedCall) =>
        (call.body as { location: string }).location === 'Parklands'
          ? { body: quoteBody }
          : { status: 400, body: { error: off } },
    });
    renderAt(<CheckoutPage />, '/checkout');
    const shipping = await screen.findByRole('region', { name: 'Shipping Information' });
    const office = await within(shipping).findByRole('radio', { name: /Office/ });
    expect(office).toBeChecked();
    expect(within(shipping).getByText(off)).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('Ksh 4,350'));

    fireEvent.click(within(shipping).getByRole('radio', { name: /Amina Wanjiru/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(off);
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
    const places = calls
      .filter((c) => c.path.endsWith('/quote'))
      .map((c) => (c.body as { location: string }).location);
    expect(places).toEqual(['Parklands', 'Sarit Centre']);
  });

  it('applies a discount code, says why one is refused, and sends the code with the order', async () => {
    const calls = mockApi({
      ...signedIn,
      ...routes({ 'GET /config/public': { body: publicConfig({ freeDeliveryFrom: 5000 }) } }),
      [`GET /address/user/${customer._id}`]: () => ({ body: { data: [address({ isDefault: true })] } }),
      [`POST /order/${customer._id}/quote`]: (call: RecordedCall) => {
        const code = (call.body as { discountCode?: string }).discountCode;
        if (code === 'nope') {
          return {
            status: 400,
            body: {
              error: 'There is no discount code NOPE',
              details: [{ path: 'discountCode', message: 'There is no discount code NOPE' }],
            },
          };
        }
        return code
          ? { body: { ...quoteBody, discount: { code: 'RAHA15', amount: 607 }, totalAmount: 3743 } }
          : { body: { ...quoteBody, discount: null } };
      },
      [`POST /order/${customer._id}`]: () => ({ status: 201, body: { _id: 'order-2' } }),
    });
    renderAt(<CheckoutPage />, '/checkout');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('Ksh 4,350'));
    expect(screen.getByTestId('free-delivery-note')).toHaveTextContent('Add Ksh 950 more for free delivery');

    const field = screen.getByRole('textbox', { name: 'Discount code' });
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('There is no discount code NOPE')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('Ksh 4,350');

    fireEvent.change(field, { target: { value: 'raha15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('checkout-discount')).toHaveTextContent('− Ksh 607'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('Ksh 3,743');
    expect(screen.getByText('Discount (RAHA15)')).toBeInTheDocument();
    expect(screen.queryByText('There is no discount code NOPE')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === `/order/${customer._id}`)).toHaveLength(1),
    );
    const create = calls.find((c) => c.method === 'POST' && c.path === `/order/${customer._id}`)!;
    expect((create.body as { discountCode?: string }).discountCode).toBe('raha15');
  });
});
