import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from '../src/components/data-table';

interface Row {
  id: string;
  name: string;
  price: string;
}
const columns: Column<Row>[] = [
  { header: 'Name', cell: (r) => r.name },
  { header: 'Price', cell: (r) => r.price },
  { header: 'Actions', cell: (r) => <button type="button">Delete {r.name}</button> },
];
const rows: Row[] = [{ id: '1', name: 'Rose Water Toner', price: 'Ksh 850' }];

function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', () => ({ matches: wide, addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('on a wide screen pins the first column and the actions while the middle scrolls', () => {
    screenWidth(true);
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Products" />);
    const table = screen.getByRole('table', { name: 'Products' });
    const [first, middle, last] = within(table).getAllByRole('cell');
    expect(first).toHaveClass('sticky', 'left-0');
    expect(middle).not.toHaveClass('sticky');
    expect(last).toHaveClass('sticky', 'right-0');
    expect(within(last!).getByRole('button', { name: 'Delete Rose Water Toner' })).toBeInTheDocument();
  });

  it('on a phone shows each row once, as a card with the actions in its footer', () => {
    screenWidth(false);
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Products" />);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Products' })).getByRole('listitem');
    expect(card).toHaveTextContent('Rose Water Toner');
    expect(within(card).getByRole('term')).toHaveTextContent('Price');
    expect(within(card).getByRole('definition')).toHaveTextContent('Ksh 850');
    expect(screen.getAllByRole('button', { name: 'Delete Rose Water Toner' })).toHaveLength(1);
  });
});
