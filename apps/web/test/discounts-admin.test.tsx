import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Discount } from '@urembo/contract/discounts';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import './support/match-media';
import DiscountsTable from '../src/features/discounts/admin/discounts-table';
import { CATEGORIES } from './catalogue-support';
import { mockApi } from './support/mock-api';
import { renderAt } from './render';

/* The admin discount codes table's delete step (the shared ConfirmDelete). */

const code: Discount = {
  _id: 'd1',
  code: 'KARIBU10',
  kind: 'percent',
  value: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  used: 0,
  oncePerCustomer: true,
  categories: [],
  active: true,
  createdAt: '2026-11-01T08:00:00.000Z',
};

function renderTable() {
  return renderAt(
    <>
      <DiscountsTable />
      <Toaster />
    </>,
    '/admin/u1/discounts',
  );
}

describe('admin discount codes table', () => {
  it('deletes a code after confirming, and says so', async () => {
    const calls = mockApi({
      'GET /discounts': { body: { data: [code] } },
      'GET /category': { body: { data: CATEGORIES } },
      'DELETE /discounts/d1': { body: { message: 'Discount code deleted' } },
    });
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete KARIBU10' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete discount code' });
    expect(dialog).toHaveTextContent('KARIBU10 will no longer work at checkout.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('KARIBU10 deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/discounts/d1']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('toasts the server’s refusal and keeps the question open', async () => {
    mockApi({
      'GET /discounts': { body: { data: [code] } },
      'GET /category': { body: { data: CATEGORIES } },
      'DELETE /discounts/d1': { status: 404, body: { error: 'Discount code not found' } },
    });
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete KARIBU10' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete discount code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Discount code not found')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Delete discount code' })).toBeInTheDocument();
  });
});
