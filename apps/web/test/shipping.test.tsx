import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlaceForm } from '../src/features/shipping/admin/shipping-table';
import { renderAt } from './render';

describe('PlaceForm (admin delivery locations)', () => {
  it('says why a negative or fractional fee is refused, without sending it', async () => {
    const onSubmit = vi.fn(async () => true);
    renderAt(<PlaceForm kind="locations" submitLabel="Add" pending={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('New location name'), { target: { value: 'Kilimani' } });
    const fee = screen.getByLabelText('Delivery fee (Ksh)');
    fireEvent.change(fee, { target: { value: '-50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Delivery fee cannot be negative');
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(fee, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Delivery fee must be whole shillings');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(fee, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Kilimani', shippingFee: 250 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
