import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullSweep } from '@urembo/contract/payment-pull';
import type { Payment, ResolveAnswer } from '@urembo/contract/payments';
import type { PublicConfig } from '@urembo/contract/public-config';
import PaymentsTable from '../src/features/payments/admin/payments-table';
import { PullPanel } from '../src/features/payments/admin/pull-panel';
import { PayWithMpesa } from '../src/features/payments/components/pay-with-mpesa';
import MpesaFormScreen from '../src/features/payments/screens/mpesa-form-screen';
import PaymentScreen from '../src/features/payments/screens/payment-screen';
import { renderAt } from './render';
import { order, payment, publicConfig, signedIn } from './support/fixtures';
import { mockApi, routes, type RecordedCall } from './support/mock-api';

let calls: RecordedCall[];
const config = (mpesa: Partial<PublicConfig['mpesa']> = {}) =>
  routes({ 'GET /config/public': { body: publicConfig({ mpesa: { stkPush: true, ...mpesa } }) } });

beforeEach(() => {
  calls = mockApi({ ...signedIn, ...config() });
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const ORDER = { _id: 'o1', reference: 'K7HX9QC', phone: '254711111111', totalAmount: 2350 };

describe('PayWithMpesa', () => {
  it('shows the paybill, prefills the customer phone and sends the prompt', async () => {
    mockApi({
      'POST /m-pesa/stk/o1': () => ({
        status: 201,
        body: { _id: 'stk1', message: 'M-Pesa pop-up sent to 254712345678' },
      }),
    });
    const { location } = renderAt(<PayWithMpesa order={ORDER} />, '/order/o1');
    expect(await screen.findByText('542542')).toBeInTheDocument();
    expect(screen.getByText('484580')).toBeInTheDocument();
    expect(screen.getByText('Ksh 2,350')).toBeInTheDocument();
    const phone = screen.getByLabelText('M-Pesa phone number');
    await waitFor(() => expect(phone).toHaveValue('0712 345 678'));
    expect(screen.getByRole('link', { name: 'Already paid? Send your receipt' })).toHaveAttribute(
      'href',
      '/mpesa-form/o1',
    );
    expect(screen.queryByRole('link', { name: 'test phone' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/payment/stk1'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/m-pesa/stk/o1',
      body: { phone: '254712345678' },
    });
    expect(toast.success).toHaveBeenCalledWith('M-Pesa pop-up sent to 254712345678');
  });

  it('accepts +254 numbers, refuses a bad one without calling the server, and shows server errors', async () => {
    mockApi({
      'POST /m-pesa/stk/o1': () => ({
        status: 503,
        body: { error: 'M-Pesa is unavailable, please try again' },
      }),
    });
    const { location } = renderAt(<PayWithMpesa order={ORDER} />, '/order/o1');
    const phone = await screen.findByLabelText('M-Pesa phone number');
    fireEvent.change(phone, { target: { value: '0812 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the M-Pesa phone number, like 0712 345 678',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(phone, { target: { value: '+254 110 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByText('M-Pesa is unavailable, please try again')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ phone: '254110345678' });
    expect(toast.error).toHaveBeenCalledWith('M-Pesa is unavailable, please try again');
    expect(location.history).toEqual(['/order/o1']);
  });

  it('links the demo test phone, and hides the prompt when STK push is off', async () => {
    mockApi(config({ simulator: true }));
    const demo = renderAt(<PayWithMpesa order={ORDER} />);
    expect(await screen.findByRole('link', { name: 'test phone' })).toHaveAttribute('href', '/dev/phone');
    demo.unmount();
    mockApi(config({ stkPush: false }));
    renderAt(<PayWithMpesa order={ORDER} />);
    expect(await screen.findByText('Pay with the paybill')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with M-Pesa' })).not.toBeInTheDocument();
  });
});

describe('MpesaFormScreen', () => {
  const screenAt = (path: string) =>
    renderAt(
      <Route path="/mpesa-form/:id">
        <MpesaFormScreen />
      </Route>,
      path,
    );

  it('requires every field, pre-fills what is owed, then submits and goes back to the order', async () => {
    mockApi({
      'GET /order/o1': { body: order({ _id: 'o1', totalAmount: 3350 }) },
      'GET /payment/order/o1': {
        body: { data: [payment({ _id: 'p0', amount: 1000, status: true, receipt: 'SBC1DEF2GH' })] },
      },
      'POST /payment': (call) => ({
        status: 201,
        body: payment({
          ...(call.body as Partial<Payment>),
          _id: 'p1',
          status: false,
          verification: 'checking',
        }),
      }),
    });
    const { location } = screenAt('/mpesa-form/o1');
    await waitFor(() => expect(screen.getByLabelText('Order reference')).toHaveValue('K7HX9QC'));
    expect(screen.getByLabelText('Order reference')).toBeDisabled();
    expect(document.title).toBe('M-Pesa Payment Details · Urembo');
    expect(screen.getByLabelText('Full name')).toHaveValue('Amina Wanjiru');
    await waitFor(() => expect(screen.getByLabelText('Amount (Ksh)')).toHaveValue('2350'));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Amount (Ksh)'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Receipt number is required')).toBeInTheDocument();
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Amount must be a whole number of shillings')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Receipt number'), { target: { value: 'nlj7rt61sv' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Amina W' } });
    fireEvent.change(screen.getByLabelText('Amount (Ksh)'), { target: { value: '2,350' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/order/o1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      ID: 'user-mpesa-form',
      fullName: 'Amina W',
      amount: 2350,
      order: 'o1',
      receipt: 'NLJ7RT61SV',
    });
    expect(toast.success).toHaveBeenCalledWith('We are checking with M-Pesa…');
  });

  it('shows the server’s error', async () => {
    mockApi({
      'POST /payment': () => ({
        status: 409,
        body: { error: 'This M-Pesa receipt number has already been used' },
      }),
    });
    const { location } = screenAt('/mpesa-form/o1');
    fireEvent.change(await screen.findByLabelText('Receipt number'), { target: { value: 'NLJ7RT61SV' } });
    fireEvent.change(screen.getByLabelText('Amount (Ksh)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This M-Pesa receipt number has already been used',
    );
    expect(location.history).toEqual(['/mpesa-form/o1']);
  });

  it('asks a visitor to sign in', async () => {
    mockApi({ 'GET /auth/me': () => ({ body: { user: null } }) });
    screenAt('/mpesa-form/o1');
    expect(await screen.findByText('You are not signed in yet')).toBeInTheDocument();
  });
});

describe('PaymentScreen', () => {
  const screenAt = (path: string) =>
    renderAt(
      <Route path="/payment/:id">
        <PaymentScreen />
      </Route>,
      path,
    );

  it('polls while pending and shows "Paid" in green', async () => {
    const answers: ResolveAnswer[] = [
      {
        status: 'pending',
        message: 'Waiting for you to enter your M-Pesa PIN on your phone.',
        order: 'o1',
        amount: 2350,
      },
      { status: 'paid', message: 'Paid', order: 'o1', amount: 2350 },
    ];
    mockApi({
      // Pending once, then paid for every later poll.
      'GET /m-pesa/resolveTransaction/stk1': () => ({
        body: answers.length > 1 ? answers.shift()! : answers[0]!,
      }),
    });
    screenAt('/payment/stk1');
    expect(
      await screen.findByText('Waiting for you to enter your M-Pesa PIN on your phone.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Payment Confirmation · Urembo');
    const paid = await screen.findByText('Paid', {}, { timeout: 5000 });
    expect(paid).toHaveClass('text-green-700');
    expect(screen.getByRole('link', { name: 'View my order' })).toHaveAttribute('href', '/order/o1');
    const polls = calls.filter((c) => c.path === '/m-pesa/resolveTransaction/stk1').length;
    expect(polls).toBe(2);
  }, 10_000);

  it('shows a failure in red with a way back to the order', async () => {
    mockApi({
      'GET /m-pesa/resolveTransaction/stk2': () => ({
        body: { status: 'cancelled', message: 'You cancelled the M-Pesa prompt.', order: 'o1', amount: 2350 },
      }),
    });
    screenAt('/payment/stk2');
    const message = await screen.findByText('You cancelled the M-Pesa prompt.');
    expect(message).toHaveClass('text-red-700');
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', '/order/o1');
  });

  it('says when the request does not exist', async () => {
    mockApi({
      'GET /m-pesa/resolveTransaction/nope': () => ({
        status: 404,
        body: { error: 'Payment request not found' },
      }),
    });
    screenAt('/payment/nope');
    expect(await screen.findByText('Payment request not found')).toBeInTheDocument();
  });
});

describe('PaymentsTable (admin)', () => {
  it('lists payments and toggles only manual-form ones', async () => {
    mockApi({
      'GET /payment?page=1&limit=25&filter=all': () => ({
        body: {
          data: [
            payment({}),
            payment({
              _id: 'p2',
              ID: 'mpesa-stk',
              channel: 'M-Pesa STK',
              receipt: 'SIMABC1234',
              status: true,
            }),
          ],
          page: 1,
          limit: 25,
          total: 2,
          totalPages: 1,
        },
      }),
    });
    mockApi({ 'PUT /payment/p1': () => ({ body: payment({ status: true }) }) });
    renderAt(<PaymentsTable />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('NLJ7RT61SV')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('0712 345 678')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Complete')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment updated successfully'));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      method: 'PUT',
      path: '/payment/p1',
      body: { status: true },
    });
  });

  it('filters unmatched paybill payments and assigns one to an order found by reference', async () => {
    const unmatched = payment({
      _id: 'p9',
      ID: 'mpesa-c2b',
      channel: 'M-Pesa Paybill',
      receipt: 'SIMABC9999',
      order: null,
      orderReference: null,
      account: 'WRONG-REF',
      status: true,
    });
    const page = (data: Payment[]) => ({
      body: { data, page: 1, limit: 25, total: data.length, totalPages: 1 },
    });
    mockApi({ 'GET /payment?page=1&limit=25&filter=all': () => page([payment({})]) });
    mockApi({ 'GET /payment?page=1&limit=25&filter=unmatched': () => page([unmatched]) });
    mockApi({
      'GET /payment/order-search?q=K7HX': () => ({
        body: {
          data: [
            {
              _id: 'o1',
              reference: 'K7HX9QC',
              name: 'Amina',
              phone: '254712345678',
              totalAmount: 2350,
              paymentStatus: 'pending',
              deliveryStatus: 'pending',
              createdAt: '2026-03-01T09:00:00.000Z',
            },
          ],
        },
      }),
    });
    mockApi({
      'PUT /payment/p9': () => ({ body: { ...unmatched, order: 'o1', orderReference: 'K7HX9QC' } }),
    });
    renderAt(<PaymentsTable />);
    expect(await screen.findByRole('link', { name: 'K7HX9QC' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Unmatched' }));
    const row = (await screen.findByText('SIMABC9999')).closest('tr')!;
    expect(row).toHaveTextContent('Account WRONG-REF');
    expect(within(row).getByText('Unmatched')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Assign to order' }));
    fireEvent.change(await screen.findByLabelText('Search orders'), { target: { value: 'K7HX' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Assigned to order K7HX9QC'));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      method: 'PUT',
      path: '/payment/p9',
      body: { order: 'K7HX9QC' },
    });
  });

  it('shows what is refund due and records a refund sent by hand, after a confirmation', async () => {
    const due = payment({
      _id: 'p7',
      ID: 'mpesa-c2b',
      receipt: 'SIMREF1234',
      amount: 1500,
      status: true,
      state: 'completed',
      refundDue: 1500,
    });
    const page = (data: Payment[]) => ({
      body: { data, page: 1, limit: 25, total: data.length, totalPages: 1 },
    });
    mockApi({ 'GET /payment?page=1&limit=25&filter=all': () => page([]) });
    mockApi({ 'GET /payment?page=1&limit=25&filter=refund-due': () => page([due]) });
    const refunded: Payment = {
      ...due,
      refundedAmount: 1500,
      refunds: [
        {
          _id: 'r1',
          amount: 1500,
          method: 'manual',
          state: 'completed',
          receipt: 'QWE1234567',
          reason: 'Order cancelled',
          failure: null,
          createdAt: '2026-03-02T09:00:00.000Z',
          completedAt: '2026-03-02T09:00:00.000Z',
        },
      ],
    };
    // The typed table cannot tell this path from /payment/{id}: the answer is checked by its type above.
    mockApi({ 'POST /payment/p7/refund': () => ({ status: 201, body: refunded as never }) });
    renderAt(<PaymentsTable />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Refund due' }));
    const row = (await screen.findByText('SIMREF1234')).closest('tr')!;
    expect(row).toHaveTextContent('Due Ksh 1,500');
    fireEvent.click(within(row).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByLabelText('Amount (Ksh)')).toHaveValue('1500');
    fireEvent.click(screen.getByLabelText('Sent by hand'));
    expect(screen.getByRole('alert')).toHaveTextContent('10 letters and digits');
    fireEvent.change(screen.getByLabelText('Receipt of the money you sent'), {
      target: { value: 'qwe1234567' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, refund Ksh 1,500' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refund of Ksh 1,500 recorded'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/payment/p7/refund',
      body: { amount: 1500, method: 'manual', reason: 'Order cancelled', receipt: 'qwe1234567' },
    });
  });

  it('says when updating or fetching fails', async () => {
    mockApi({
      'GET /payment?page=1&limit=25&filter=all': () => ({
        body: { data: [payment({})], page: 1, limit: 25, total: 1, totalPages: 1 },
      }),
    });
    mockApi({ 'PUT /payment/p1': () => ({ status: 409, body: { error: 'The order is already paid' } }) });
    const first = renderAt(<PaymentsTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update payment. The order is already paid'),
    );
    first.unmount();

    mockApi({
      'GET /payment?page=1&limit=25&filter=all': {
        status: 500,
        body: { error: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderAt(<PaymentsTable />);
    expect(await screen.findByText(/^Failed to fetch payments/)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Failed to fetch payments/),
      expect.anything(),
    );
  });
});

describe('PullPanel (admin)', () => {
  const sweep = (over: Partial<PullSweep> = {}): PullSweep => ({
    configured: true,
    lastSweepAt: '2026-11-25T06:30:00.000Z',
    lastResult: 'Read 3 transactions (1 page, …): 0 recovered, 3 already recorded',
    ok: true,
    recovered: 0,
    sweepMinutes: 15,
    registration: { ok: true, message: 'Shortcode Registered Successfully', at: '2026-11-25T06:00:00.000Z' },
    ...over,
  });

  it('shows the last run and sweeps now, saying what it recovered', async () => {
    let current = sweep();
    mockApi({ 'GET /payment/pull': () => ({ body: current }) });
    mockApi({
      'POST /payment/pull': () => {
        current = sweep({
          lastSweepAt: '2026-11-25T07:45:00.000Z',
          lastResult: 'Read 4 transactions (1 page, …): 1 recovered, 3 already recorded',
          recovered: 1,
        });
        return { body: current };
      },
    });
    renderAt(<PullPanel />);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Last run');
    expect(status).toHaveTextContent('25 Nov');
    expect(status).toHaveTextContent('Recovered0');
    expect(screen.getByText(/every 15 minutes/)).toBeInTheDocument();
    expect(screen.getByText(/3 already recorded/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sweep now' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Recovered 1 payment'));
    expect(await screen.findByText(/1 recovered, 3 already recorded/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Recovered1');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/payment/pull')).toHaveLength(1);
  });

  it('shows a failed sweep in red, and the server refusing a sweep', async () => {
    mockApi({
      'GET /payment/pull': () => ({
        body: sweep({
          ok: false,
          lastResult: 'Nothing changed: Daraja did not answer in time',
          sweepMinutes: 0,
        }),
      }),
    });
    mockApi({
      'POST /payment/pull': () => ({
        status: 409,
        body: { error: 'A Pull sweep is already running. Try again in a minute to see its result.' },
      }),
    });
    renderAt(<PullPanel />);
    const failed = await screen.findByText('Nothing changed: Daraja did not answer in time');
    expect(failed).toHaveClass('text-red-700');
    expect(screen.getByText(/only when you sweep/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sweep now' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'A Pull sweep is already running. Try again in a minute to see its result.',
      ),
    );
  });

  it('says when Pull is not set up, without a button', async () => {
    mockApi({
      'GET /payment/pull': () => ({
        body: sweep({ configured: false, lastSweepAt: null, lastResult: null }),
      }),
    });
    renderAt(<PullPanel />);
    expect(await screen.findByText(/Not set up \(MPESA_PULL_NOMINATED_NUMBER/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sweep now' })).not.toBeInTheDocument();
  });
});
