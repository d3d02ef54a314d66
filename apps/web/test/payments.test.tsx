import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@urembo/contract/payments';
import PaymentsTable from '../src/features/payments/admin/payments-table';
import { PayWithMpesa } from '../src/features/payments/components/pay-with-mpesa';
import MpesaFormScreen from '../src/features/payments/screens/mpesa-form-screen';
import PaymentScreen from '../src/features/payments/screens/payment-screen';
import { renderAt } from './render';

type Handler = (body: unknown) => { status?: number; body: unknown };
interface Call {
  method: string;
  path: string;
  body: unknown;
}

let routes: Record<string, Handler | Handler[]>;
let calls: Call[];

const USER = {
  _id: 'u1',
  fullName: 'Amina Wanjiru',
  email: null,
  phone: '254712345678',
  role: 'customer',
  isEmailVerified: false,
  isPhoneVerified: false,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const INSTRUCTIONS = {
  paybill: '542542',
  account: '484580',
  tillNumber: '5511223',
  tillName: 'UREMBO BEAUTY',
  stkPush: true,
  simulator: false,
};

beforeEach(() => {
  calls = [];
  routes = {
    'GET /auth/me': () => ({ body: { user: USER } }),
    'GET /config/public': () => ({ body: { mpesa: INSTRUCTIONS } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api\/v1/, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      const handler = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
      if (!handler)
        return new Response(JSON.stringify({ error: `no route ${method} ${path}` }), { status: 404 });
      const answer = handler(body);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ORDER = { _id: 'o1', phone: '254711111111', totalAmount: 2350 };

describe('PayWithMpesa', () => {
  it('shows the paybill, prefills the customer phone and sends the prompt', async () => {
    routes['POST /m-pesa/stk/o1'] = () => ({
      status: 201,
      body: { _id: 'stk1', message: 'M-Pesa pop-up sent to 254712345678' },
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
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/m-pesa/stk/o1',
      body: { phone: '254712345678' },
    });
    expect(toast.success).toHaveBeenCalledWith('M-Pesa pop-up sent to 254712345678');
  });

  it('accepts +254 numbers, refuses a bad one without calling the server, and shows server errors', async () => {
    routes['POST /m-pesa/stk/o1'] = () => ({
      status: 503,
      body: { error: 'M-Pesa is unavailable, please try again' },
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
    routes['GET /config/public'] = () => ({ body: { mpesa: { ...INSTRUCTIONS, simulator: true } } });
    const demo = renderAt(<PayWithMpesa order={ORDER} />);
    expect(await screen.findByRole('link', { name: 'test phone' })).toHaveAttribute('href', '/dev/phone');
    demo.unmount();
    routes['GET /config/public'] = () => ({ body: { mpesa: { ...INSTRUCTIONS, stkPush: false } } });
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

  it('requires every field, then submits and goes back to the order', async () => {
    routes['POST /payment/'] = (body) => ({
      status: 201,
      body: { ...(body as object), _id: 'p1', status: false },
    });
    const { location } = screenAt('/mpesa-form/o1');
    expect(await screen.findByLabelText('Order reference')).toHaveValue('o1');
    expect(screen.getByLabelText('Order reference')).toBeDisabled();
    expect(document.title).toBe('M-Pesa Payment Details');
    expect(screen.getByLabelText('Full name')).toHaveValue('Amina Wanjiru');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Receipt number is required')).toBeInTheDocument();
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
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
    expect(toast.success).toHaveBeenCalledWith('Form submitted');
  });

  it('shows the server’s error', async () => {
    routes['POST /payment/'] = () => ({
      status: 409,
      body: { error: 'This M-Pesa receipt number has already been used' },
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
    routes['GET /auth/me'] = () => ({ body: { user: null } });
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
    routes['GET /m-pesa/resolveTransaction/stk1'] = [
      () => ({
        body: {
          status: 'pending',
          message: 'Waiting for you to enter your M-Pesa PIN on your phone.',
          order: 'o1',
          amount: 2350,
        },
      }),
      () => ({ body: { status: 'paid', message: 'Paid', order: 'o1', amount: 2350 } }),
    ];
    screenAt('/payment/stk1');
    expect(
      await screen.findByText('Waiting for you to enter your M-Pesa PIN on your phone.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Payment Confirmation');
    const paid = await screen.findByText('Paid', {}, { timeout: 5000 });
    expect(paid).toHaveClass('text-green-700');
    expect(screen.getByRole('link', { name: 'View my order' })).toHaveAttribute('href', '/order/o1');
    const polls = calls.filter((c) => c.path === '/m-pesa/resolveTransaction/stk1').length;
    expect(polls).toBe(2);
  }, 10_000);

  it('shows a failure in red with a way back to the order', async () => {
    routes['GET /m-pesa/resolveTransaction/stk2'] = () => ({
      body: { status: 'cancelled', message: 'You cancelled the M-Pesa prompt.', order: 'o1', amount: 2350 },
    });
    screenAt('/payment/stk2');
    const message = await screen.findByText('You cancelled the M-Pesa prompt.');
    expect(message).toHaveClass('text-red-700');
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', '/order/o1');
  });

  it('says when the request does not exist', async () => {
    routes['GET /m-pesa/resolveTransaction/nope'] = () => ({
      status: 404,
      body: { error: 'Payment request not found' },
    });
    screenAt('/payment/nope');
    expect(await screen.findByText('Payment request not found')).toBeInTheDocument();
  });
});

describe('PaymentsTable (admin)', () => {
  const payment = (overrides: Partial<Payment>): Payment => ({
    _id: 'p1',
    ID: 'user-mpesa-form',
    fullName: 'Amina Wanjiru',
    amount: 2350,
    channel: 'M-Pesa',
    receipt: 'NLJ7RT61SV',
    phone: '254712345678',
    order: 'order000000000000000001',
    status: false,
    flag: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  });

  it('lists payments and toggles only manual-form ones', async () => {
    routes['GET /payment/?page=1&limit=25'] = () => ({
      body: {
        data: [
          payment({}),
          payment({ _id: 'p2', ID: 'mpesa-stk', channel: 'M-Pesa STK', receipt: 'SIMABC1234', status: true }),
        ],
        page: 1,
        limit: 25,
        total: 2,
        totalPages: 1,
      },
    });
    routes['PUT /payment/p1'] = () => ({ body: payment({ status: true }) });
    renderAt(<PaymentsTable />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('NLJ7RT61SV')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('0712 345 678')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Complete')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment updated successfully'));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/payment/p1',
      body: { status: true },
    });
  });

  it('says when updating or fetching fails', async () => {
    routes['GET /payment/?page=1&limit=25'] = () => ({
      body: { data: [payment({})], page: 1, limit: 25, total: 1, totalPages: 1 },
    });
    routes['PUT /payment/p1'] = () => ({ status: 409, body: { error: 'The order is already paid' } });
    const first = renderAt(<PaymentsTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update payment. The order is already paid'),
    );
    first.unmount();

    routes['GET /payment/?page=1&limit=25'] = () => ({ status: 500, body: {} });
    renderAt(<PaymentsTable />);
    expect(await screen.findByText(/^Failed to fetch payments/)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Failed to fetch payments/),
      expect.anything(),
    );
  });
});
