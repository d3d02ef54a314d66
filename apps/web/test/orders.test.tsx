import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { Route } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { OrdersTable } from '../src/features/orders/admin/orders-table';
import OrderScreen from '../src/app/screens/order-screen';
import { OrdersPage } from '../src/features/orders/screens/orders-page';
import { customer, order, paged, payment, publicConfig, signedIn, signedOut } from './support/fixtures';
import { createTranslator, I18nProvider } from '../src/i18n/i18n';
import { sw } from '../src/i18n/catalogues/sw';
import type { Order } from '@urembo/contract/orders';
import { customerCanCancel, DELIVERY_STATUSES, PAYMENT_STATUSES } from '@urembo/contract/order-status';
import './support/match-media';
import { mockApi, routes } from './support/mock-api';
import { renderAt } from './render';

afterEach(() => {
  toast.remove();
});

const config = routes({ 'GET /config/public': { body: publicConfig({ mpesa: { stkPush: true } }) } });

const ordersRoute = (
  <Route path="/orders/:status">
    <OrdersPage />
  </Route>
);
const orderRoute = (
  <Route path="/order/:id">
    <OrderScreen />
  </Route>
);

describe('OrdersPage', () => {
  it('lists a tab’s orders by what they wait for, with dates, counts, totals and labelled statuses', async () => {
    const calls = mockApi({
      ...signedIn,
      [`GET /order/user/${customer._id}?awaiting=delivery`]: () => ({
        body: { data: [order({ paymentStatus: 'paid', deliveryStatus: 'in-transit' })] },
      }),
    });
    renderAt(ordersRoute, '/orders/to-deliver');
    const card = await screen.findByRole('link', { name: /^Order K7HX9QC/ });
    expect(card).toHaveAttribute('href', '/order/65f0c0ffee00000000a1b2c3');
    expect(card).toHaveTextContent('2 Mar 2026');
    expect(card).toHaveTextContent('3 items');
    expect(card).toHaveTextContent('Ksh 4,350');
    expect(card).toHaveTextContent('In Transit');
    expect(screen.getByRole('link', { name: 'To deliver' })).toHaveAttribute('aria-current', 'page');
    expect(calls.map((c) => c.path)).toContain(`/order/user/${customer._id}?awaiting=delivery`);
    expect(document.title).toContain('My orders: To deliver');
    const tabs = within(screen.getByRole('navigation', { name: 'Order status' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['To pay', 'To deliver', 'Delivered', 'Cancelled', 'All']);
    expect(tabs.map((t) => t.getAttribute('href'))).toEqual([
      '/orders/to-pay',
      '/orders/to-deliver',
      '/orders/delivered',
      '/orders/cancelled',
      '/orders/all',
    ]);
  });

  it('asks each tab for its own orders: to pay, delivered, cancelled by status, all without a filter', async () => {
    const calls = mockApi({
      ...signedIn,
      [`GET /order/user/${customer._id}?awaiting=payment`]: () => ({ body: { data: [] } }),
      [`GET /order/user/${customer._id}?status=delivered`]: () => ({ body: { data: [] } }),
      [`GET /order/user/${customer._id}?status=cancelled`]: () => ({ body: { data: [] } }),
      [`GET /order/user/${customer._id}`]: () => ({ body: { data: [] } }),
    });
    const expected: [string, string, string][] = [
      ['to-pay', '?awaiting=payment', 'Nothing to pay'],
      ['delivered', '?status=delivered', 'No delivered orders yet'],
      ['cancelled', '?status=cancelled', 'No cancelled orders'],
      ['all', '', 'No orders yet'],
    ];
    for (const [slug, query, empty] of expected) {
      const view = renderAt(ordersRoute, `/orders/${slug}`);
      expect(await screen.findByText(empty)).toBeInTheDocument();
      expect(calls.at(-1)?.path).toBe(`/order/user/${customer._id}${query}`);
      view.unmount();
    }
  });

  it('says "Error loading orders" when the list fails, and asks a visitor to sign in', async () => {
    mockApi({
      ...signedIn,
      [`GET /order/user/${customer._id}?awaiting=payment`]: () => ({ status: 500, body: { error: 'boom' } }),
    });
    const first = renderAt(ordersRoute, '/orders/to-pay');
    expect(await screen.findByText('Error loading orders', {}, { timeout: 5000 })).toBeInTheDocument();
    first.unmount();
    mockApi(signedOut);
    renderAt(ordersRoute, '/orders/to-pay');
    expect(await screen.findByRole('heading', { name: 'You are not signed in yet' })).toBeInTheDocument();
  });

  it('sends the former status pages to the tab that replaced them, and anything else to All', async () => {
    mockApi(signedIn);
    for (const [from, to] of [
      ['/orders/pending', '/orders/to-pay'],
      ['/orders/paid', '/orders/to-deliver'],
      ['/orders/in-transit', '/orders/to-deliver'],
      ['/orders/shipped', '/orders/all'],
    ]) {
      const { location, unmount } = renderAt(ordersRoute, from);
      await waitFor(() => expect(location.history.at(-1)).toBe(to));
      unmount();
    }
  });
});

describe('OrderPage', () => {
  it('shows the order, its totals and the M-Pesa instructions while unpaid', async () => {
    mockApi({
      ...signedIn,
      ...config,
      'GET /order/65f0c0ffee00000000a1b2c3': () => ({
        body: order({ paymentStatus: 'payment-unsuccessful' }),
      }),
    });
    renderAt(orderRoute, '/order/65f0c0ffee00000000a1b2c3');
    expect(await screen.findByRole('heading', { name: 'Order K7HX9QC' })).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Ksh 4,350');
    expect(screen.getAllByText('Payment Unsuccessful').length).toBeGreaterThan(0);
    const pay = screen.getByTestId('payment-instructions');
    expect(pay).toHaveTextContent('Pay with M-Pesa');
    await waitFor(() => expect(pay).toHaveTextContent('Business number542542'));
    expect(pay).toHaveTextContent('Account number484580');
    expect(screen.getByRole('button', { name: 'Pay with M-Pesa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already paid? Send your receipt' })).toHaveAttribute(
      'href',
      '/mpesa-form/65f0c0ffee00000000a1b2c3',
    );
    expect(screen.getByText('Sarit Centre, Westlands, Nairobi, Kenya')).toBeInTheDocument();
    expect(screen.getByText('Ksh 1,800 × 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review Order' })).not.toBeInTheDocument();
    expect(document.title).toBe('Order K7HX9QC · Urembo');
  });

  it('a paid order shows its M-Pesa receipt: number, amount, when and the phone, in both languages', async () => {
    const paid = order({ paymentStatus: 'paid', paidAmount: 4350 });
    const received = payment({
      ID: 'mpesa-stk',
      receipt: 'SKD4HX71QP',
      amount: 4350,
      phone: '254712345678',
      status: true,
      state: 'completed',
      createdAt: '2026-03-02T09:41:00.000Z',
    });
    mockApi({
      ...signedIn,
      ...config,
      'GET /order/65f0c0ffee00000000a1b2c3': () => ({ body: paid }),
      'GET /payment/order/65f0c0ffee00000000a1b2c3': () => ({
        body: {
          data: [
            received,
            // A typed receipt still being checked, and a held one, did not pay the order.
            payment({ _id: 'p2', receipt: 'QWE1234567', state: 'pending' }),
            payment({ _id: 'p3', receipt: 'ZXC1234567', status: true, state: 'completed', flag: 'conflict' }),
          ],
        },
      }),
    });
    const { unmount } = renderAt(orderRoute, '/order/65f0c0ffee00000000a1b2c3');
    const receipt = await screen.findByTestId('order-receipt');
    expect(within(receipt).getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(
      within(receipt)
        .getAllByTestId('receipt-number')
        .map((n) => n.textContent),
    ).toEqual(['SKD4HX71QP']);
    expect(receipt).toHaveTextContent('M-Pesa receiptSKD4HX71QP');
    expect(receipt).toHaveTextContent('Amount paidKsh 4,350');
    expect(receipt).toHaveTextContent(/Paid on.*2026/);
    expect(receipt).toHaveTextContent('Paid from0712 345 678');
    expect(screen.queryByTestId('payment-instructions')).not.toBeInTheDocument();
    unmount();

    renderAt(
      <I18nProvider translator={createTranslator('sw', sw)}>{orderRoute}</I18nProvider>,
      '/order/65f0c0ffee00000000a1b2c3',
    );
    const risiti = await screen.findByTestId('order-receipt');
    expect(within(risiti).getByRole('heading', { name: 'Malipo yamepokelewa' })).toBeInTheDocument();
    expect(risiti).toHaveTextContent('Risiti ya M-PesaSKD4HX71QP');
    expect(risiti).toHaveTextContent('Simu iliyolipa0712 345 678');
  });

  it('an unpaid order shows no receipt', async () => {
    mockApi({
      ...signedIn,
      ...config,
      'GET /order/65f0c0ffee00000000a1b2c3': () => ({ body: order() }),
    });
    renderAt(orderRoute, '/order/65f0c0ffee00000000a1b2c3');
    expect(await screen.findByTestId('payment-instructions')).toBeInTheDocument();
    expect(screen.queryByTestId('order-receipt')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
  });

  it('a delivered order asks for a return of chosen lines and shows its state', async () => {
    const delivered = order({
      paymentStatus: 'paid',
      deliveryStatus: 'delivered',
      deliveredAt: new Date().toISOString(),
    });
    const sent: unknown[] = [];
    const listed: unknown[] = [];
    mockApi({
      ...signedIn,
      ...config,
      'GET /order/65f0c0ffee00000000a1b2c3': () => ({ body: delivered }),
      // Typed loosely: the mock's path typing reads this as GET /order/{id}.
      'GET /order/65f0c0ffee00000000a1b2c3/returns': (() => ({ body: { data: listed } })) as never,
      'POST /order/65f0c0ffee00000000a1b2c3/returns': ((call: { body: unknown }) => {
        sent.push(call.body);
        const line = delivered.items[0]!;
        const made = {
          _id: 'r1',
          order: { _id: delivered._id, reference: delivered.reference },
          customer: { name: delivered.name, phone: delivered.phone },
          items: [{ ...line, variant: null, count: 1 }],
          reason: 'Broken seal',
          state: 'requested',
          refundAmount: line.price,
          note: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          receivedAt: null,
        };
        listed.push(made);
        return { status: 201, body: made };
      }) as never,
    });
    renderAt(orderRoute, '/order/65f0c0ffee00000000a1b2c3');
    fireEvent.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = screen.getByRole('form', { name: 'Return items form' });
    fireEvent.change(within(form).getByLabelText(delivered.items[0]!.name), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Why are you returning them?'), {
      target: { value: 'Broken seal' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Requested: we will reply by SMS')).toBeInTheDocument();
    expect(sent).toEqual([{ items: [{ _id: delivered.items[0]!._id, count: 1 }], reason: 'Broken seal' }]);
  });

  it('hides payment and cancelling once paid, and links the review', async () => {
    mockApi({
      ...signedIn,
      ...config,
      'GET /order/65f0c0ffee00000000a1b2c3': () => ({ body: order({ paymentStatus: 'paid' }) }),
    });
    renderAt(orderRoute, '/order/65f0c0ffee00000000a1b2c3');
    expect(await screen.findByRole('link', { name: 'Review Order' })).toHaveAttribute(
      'href',
      '/review-order/65f0c0ffee00000000a1b2c3',
    );
    expect(screen.queryByTestId('payment-instructions')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  // The server refuses a cancellation by the same contract function (apps/api/test/customer-cancel.test.ts).
  it.each(PAYMENT_STATUSES.flatMap((p) => DELIVERY_STATUSES.map((d) => [p, d] as const)))(
    'offers cancelling a %s / %s order exactly when the contract allows it',
    async (paymentStatus, deliveryStatus) => {
      mockApi({
        ...signedIn,
        ...config,
        'GET /order/65f0c0ffee00000000a1b2c3': () => ({ body: order({ paymentStatus, deliveryStatus }) }),
      });
      renderAt(orderRoute, '/order/65f0c0ffee00000000a1b2c3');
      expect(await screen.findByRole('heading', { name: 'Order K7HX9QC' })).toBeInTheDocument();
      const button = screen.queryByRole('button', { name: 'Cancel order' });
      expect(button !== null).toBe(customerCanCancel({ paymentStatus, deliveryStatus }));
    },
  );

  it('cancels after confirming', async () => {
    const calls = mockApi({
      ...signedIn,
      ...config,
      'GET /order/65f0c0ffee00000000a1b2c3': () => ({ body: order() }),
      'POST /order/65f0c0ffee00000000a1b2c3/cancel': () => ({ body: order({ deliveryStatus: 'cancelled' }) }),
    });
    renderAt(
      <>
        {orderRoute}
        <Toaster />
      </>,
      '/order/65f0c0ffee00000000a1b2c3',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(await screen.findByText(/This order was cancelled/)).toBeInTheDocument();
    expect(screen.queryByTestId('payment-instructions')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('shows "Order not found" with a link to My Orders for a missing or foreign order', async () => {
    mockApi({
      ...signedIn,
      'GET /order/someone-elses': () => ({ status: 404, body: { error: 'Order not found' } }),
    });
    renderAt(orderRoute, '/order/someone-elses');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders/all');
    expect(document.title).toBe('Order not found · Urembo');
  });
});

describe('OrdersTable (admin)', () => {
  const page = (orders: Order[]) => ({ body: paged(orders, 1, 25) });

  it('counts "1 item" and asks to mark payment only while the order is unpaid', async () => {
    const one = order({
      paymentStatus: 'paid',
      items: [{ _id: 'p2', name: 'Black Soap', price: 450, images: [], count: 1, variant: null }],
    });
    mockApi({ 'GET /order?page=1': () => page([one]) });
    renderAt(<OrdersTable />);
    const row = (await screen.findByText('Amina Wanjiru')).closest<HTMLElement>('tr, li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order K7HX9QC' });
    expect(dialog).toHaveTextContent(/Kenya1 item ·/);
    expect(dialog).not.toHaveTextContent('Mark payment as Paid');
  });

  it('says "Not changed" without calling, then updates only what changed', async () => {
    const calls = mockApi({
      'GET /order?page=1': () => page([order()]),
      'PUT /order/updateStatus/65f0c0ffee00000000a1b2c3': () => ({
        body: { ...order({ paymentStatus: 'paid' }), message: 'status updated' },
      }),
    });
    renderAt(
      <>
        <OrdersTable />
        <Toaster />
      </>,
    );
    const row = (await screen.findByText('Amina Wanjiru')).closest<HTMLElement>('tr, li')!;
    expect(row).toHaveTextContent('0712 345 678');
    expect(row).toHaveTextContent('Sarit Centre, Westlands');
    expect(row).toHaveTextContent('Ksh 4,350');
    fireEvent.click(within(row).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order K7HX9QC' });
    expect(dialog).toHaveTextContent('Mark payment as Paid before updating delivery');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not changed')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    const payment = within(dialog).getByRole('combobox', { name: 'Payment status' });
    expect(
      within(payment)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Paid', 'Payment Unsuccessful']);
    fireEvent.change(payment, { target: { value: 'paid' } });
    // Paid by hand asks for the receipt or a reason.
    fireEvent.change(within(dialog).getByLabelText(/M-Pesa receipt or reason/), {
      target: { value: 'Cash on delivery' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('status updated')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { paymentStatus: 'paid', reason: 'Cash on delivery' },
    ]);
  });

  it("shows the server's message when the list fails", async () => {
    mockApi({
      'GET /order?page=1': () => ({ status: 403, body: { error: 'Only shop admins can do that' } }),
    });
    renderAt(<OrdersTable />);
    expect(await screen.findByText('Only shop admins can do that')).toBeInTheDocument();
  });
});
