import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuditEntry } from '@urembo/contract/audit';
import { describe, expect, it } from 'vitest';
import AuditTable from '../src/features/audit/admin/audit-table';
import { renderAt } from './render';
import { mockApi } from './support/mock-api';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'a1',
  at: new Date().toISOString(),
  admin: { _id: 'u1', fullName: 'Wanjiku Admin' },
  action: 'update',
  entity: 'product',
  entityId: 'p1',
  summary: '"Marula Oil": Price 1,200 -> 950',
  ...over,
});

describe('AuditTable', () => {
  it('lists who changed what, and filters by kind of thing from page 1', async () => {
    const calls = mockApi({
      'GET /admin/audit?page=1&limit=25': {
        body: { data: [entry()], page: 1, limit: 25, total: 30, totalPages: 2 },
      },
      'GET /admin/audit?page=2&limit=25': {
        body: {
          data: [entry({ _id: 'a2', summary: 'Stock 5 -> 8 (+3)' })],
          page: 2,
          limit: 25,
          total: 30,
          totalPages: 2,
        },
      },
      'GET /admin/audit?page=1&limit=25&entity=order': {
        body: {
          data: [
            entry({
              _id: 'a3',
              entity: 'order',
              action: 'status',
              summary: 'Order K7HX9QC: Payment pending -> paid',
            }),
          ],
          page: 1,
          limit: 25,
          total: 1,
          totalPages: 1,
        },
      },
    });
    renderAt(<AuditTable />, '/admin/u1/audit');
    expect((await screen.findAllByText('"Marula Oil": Price 1,200 -> 950')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Wanjiku Admin').length).toBeGreaterThan(0);
    expect(screen.getByText('30 changes, newest first')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect((await screen.findAllByText('Stock 5 -> 8 (+3)')).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'order' } });
    expect((await screen.findAllByText('Order K7HX9QC: Payment pending -> paid')).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/admin/audit?page=1&limit=25&entity=order'));
  });

  it('says so when there is nothing yet', async () => {
    mockApi({ 'GET /admin/audit': { body: { data: [], page: 1, limit: 25, total: 0, totalPages: 0 } } });
    renderAt(<AuditTable />);
    expect(await screen.findByText('No admin changes yet')).toBeInTheDocument();
  });

  it('shows the server error', async () => {
    mockApi({ 'GET /admin/audit': { status: 403, body: { error: 'Only shop admins can do that' } } });
    renderAt(<AuditTable />);
    expect(await screen.findByText('Only shop admins can do that')).toBeInTheDocument();
  });
});
