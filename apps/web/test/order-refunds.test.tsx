import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { Route } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@urembo/contract/orders';
import type { Refund } from '@urembo/contract/payments';
import { OrdersTable } from '../src/features/orders/admin/orders-table';
import OrderScreen from '../src/app/screens/order-screen';
import { order, paged, payment, publicConfig, signedIn } from './support/fixtures';
import './support/match-media';
import { mockApi, routes } from './support/mock-api';
import { renderAt } from './render';
import { createTranslator, I18nProvider } from '../src/i18n/i18n';
import { sw } from '../src/i18n/catalogues/sw';

afterEach(() => {
  toast.remove();
});

const ORDER_ID = '65f0c0ffee00000000a1b2c3';
const config = routes({ 'GET /config/public': { body: publicConfig({ mpesa: { stkPush: true } }) } });
const orderRoute = (
  <Route path="/order/:id">
    <OrderScreen />
  </Route>
);

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  _id: 'r1',
  amount: 4350,
  method: 'mpesa-reversal',
  state: 'completed',
  receipt: 'SIMREV1234',
  reason: 'Out of stock at the supplier',
  failure: null,
  createdAt: '2026-03-03T07:00:00.000Z',
  completedAt: '2026-03-03T07:00:05.000Z',
  ...overrides,
});

/** The order's one M-Pesa payment of Ksh 4,350 carrying `refunds`. */
function paymentsWith(refunds: Refund[]) {
  const refunded = refunds.filter((r) => r.state === 'completed').reduce((s, r) => s + r.amount, 0);
  return {
    body: {
      data: [
        payment({
          ID: 'mpesa-stk',
          amount: 4350,
          order: ORDER_ID,
          status: true,
          state: 'completed',
          receipt: 'SIM7RT61SV',
          refundedAmount: refunded,
          refunds,
        }),
      ],
    },
  };
}

describe('the customer’s order page and its refunds', () => {
  it('shows a cancelled order refunded by M-Pesa reversal, with the refund listed and no way to pay', async () => {
    mockApi({
      ...signedIn,
      ...config,
      [`GET /order/${ORDER_ID}`]: () => ({
        body: order({
          paymentStatus: 'refunded',
          deliveryStatus: 'cancelled',
          paidAmount: 4350,
          refundedAmount: 4350,
        }),
      }),
      [`GET /payment/order/${ORDER_ID}`]: () => paymentsWith([refund()]),
    });
    renderAt(orderRoute, `/order/${ORDER_ID}`);
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    const item = within(refunds).getAllByRole('listitem');
    expect(item).toHaveLength(1);
    expect(item[0]).toHaveTextContent('Ksh 4,350');
    expect(item[0]).toHaveTextContent('M-Pesa reversal · receipt SIMREV1234');
    expect(item[0]).toHaveTextContent('3 Mar 2026, 10:00');
    expect(item[0]).toHaveTextContent('Refund state: Completed');
    // The admin's reason for the refund is the shop's own note: the customer does not see it.
    expect(refunds).not.toHaveTextContent('Out of stock at the supplier');
    expect(screen.getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(screen.getByText(/your payment of Ksh 4,350 was refunded\./)).toBeInTheDocument();
    expect(screen.queryByTestId('payment-instructions')).not.toBeInTheDocument();
    expect(screen.queryByTestId('partly-refunded')).not.toBeInTheDocument();
  });

  /** A paid order of which Ksh 1,000 came back by hand, and a later reversal of the rest that failed. */
  const partlyRefundedOrder = () =>
    mockApi({
      ...signedIn,
      ...config,
      [`GET /order/${ORDER_ID}`]: () => ({
        body: order({ paymentStatus: 'paid', paidAmount: 4350, refundedAmount: 1000 }),
      }),
      [`GET /payment/order/${ORDER_ID}`]: () =>
        paymentsWith([
          refund({ _id: 'r1', amount: 1000, method: 'manual', receipt: 'QHX7RT61SV' }),
          refund({
            _id: 'r2',
            amount: 3350,
            state: 'failed',
            receipt: null,
            failure: 'R000002: The OriginalTransactionID is invalid',
            createdAt: '2026-03-04T07:00:00.000Z',
            completedAt: '2026-03-04T07:00:05.000Z',
          }),
        ]),
    });

  it('says "Partly refunded" and lists a failed reversal and a manual refund, newest first', async () => {
    partlyRefundedOrder();
    renderAt(orderRoute, `/order/${ORDER_ID}`);
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(screen.getByTestId('partly-refunded')).toHaveTextContent('Partly refunded');
    expect(screen.getByTestId('order-refunded')).toHaveTextContent('Ksh 1,000');
    const [newest, oldest] = within(refunds).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Ksh 3,350');
    expect(newest).toHaveTextContent('Refund state: Failed');
    expect(newest).toHaveTextContent('did not go through');
    expect(newest).not.toHaveTextContent('R000002');
    expect(oldest).toHaveTextContent('Sent by hand · receipt QHX7RT61SV');
    expect(oldest).toHaveTextContent('Refund state: Completed');
  });

  it('lists the refunds in Kiswahili on a Kiswahili page', async () => {
    partlyRefundedOrder();
    renderAt(
      <I18nProvider translator={createTranslator('sw', sw)}>{orderRoute}</I18nProvider>,
      `/order/${ORDER_ID}`,
    );
    const refunds = await screen.findByRole('region', { name: 'Marejesho ya pesa' });
    const [failed, manual] = within(refunds).getAllByRole('listitem');
    expect(failed).toHaveTextContent('Imerejeshwa kupitia M-Pesa');
    expect(failed).toHaveTextContent('Hali ya marejesho: Haikufaulu');
    expect(failed).toHaveTextContent('tutakutumia pesa zako kwa njia nyingine');
    expect(manual).toHaveTextContent('Imetumwa na duka · risiti QHX7RT61SV');
    expect(manual).toHaveTextContent('Hali ya marejesho: Imekamilika');
    expect(refunds).not.toHaveTextContent(/Refund|receipt|Completed|Failed/);
  });

  it('shows no refunds section for an order whose money never went back', async () => {
    const calls = mockApi({
      ...signedIn,
      ...config,
      [`GET /order/${ORDER_ID}`]: () => ({ body: order({ paymentStatus: 'paid', paidAmount: 4350 }) }),
      [`GET /payment/order/${ORDER_ID}`]: () => paymentsWith([]),
    });
    renderAt(orderRoute, `/order/${ORDER_ID}`);
    expect(await screen.findByRole('link', { name: 'Review Order' })).toBeInTheDocument();
    await screen.findByText('Paid', { selector: 'dt' });
    expect(calls.map((c) => c.path)).toContain(`/payment/order/${ORDER_ID}`);
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
  });
});

describe('the admin’s order dialog and its refunds', () => {
  it('lists each refund with its reason and a reversal’s failure, and the order as it is now', async () => {
    const cancelled: Order = order({
      paymentStatus: 'refunded',
      deliveryStatus: 'cancelled',
      paidAmount: 4350,
      refundedAmount: 4350,
    });
    // The list was read before the refund completed: the dialog notices and shows the order as it is now.
    let reads = 0;
    const before = order({ paymentStatus: 'paid', deliveryStatus: 'cancelled', paidAmount: 4350 });
    mockApi({
      'GET /order?page=1': () => ({ body: paged([reads++ === 0 ? before : cancelled], 1, 25) }),
      [`GET /order/${ORDER_ID}/messages`]: (() => ({ body: { data: [] } })) as never,
      [`GET /payment/order/${ORDER_ID}`]: () =>
        paymentsWith([
          refund(),
          refund({
            _id: 'r0',
            state: 'failed',
            receipt: null,
            failure: 'R000002: The OriginalTransactionID is invalid',
            createdAt: '2026-03-02T07:00:00.000Z',
          }),
        ]),
    });
    renderAt(<OrdersTable />);
    const row = (await screen.findByText('Amina Wanjiru')).closest<HTMLElement>('tr, li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Update' }));
    // Once the list is read again, the dialog shows what the order is now.
    await waitFor(() =>
      expect(screen.getByTestId('admin-order-money')).toHaveTextContent(
        'Paid Ksh 4,350 · refunded Ksh 4,350',
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Order K7HX9QC' });
    expect(within(dialog).getByLabelText('Payment status')).toHaveValue('refunded');
    const refunds = await within(dialog).findByRole('region', { name: 'Refunds' });
    const [done, failed] = within(refunds).getAllByRole('listitem');
    expect(done).toHaveTextContent('M-Pesa reversal · receipt SIMREV1234');
    expect(done).toHaveTextContent('Reason: Out of stock at the supplier');
    expect(failed).toHaveTextContent('R000002: The OriginalTransactionID is invalid');
    expect(failed).toHaveTextContent('Refund state: Failed');
    expect(dialog).not.toHaveTextContent('Mark payment as Paid');
  });
});
