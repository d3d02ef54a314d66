import { describe, expect, it } from 'vitest';
import { ApiRequestError, errorMessage } from '../src/lib/api-client';

describe('errorMessage', () => {
  it('never shows a field path', () => {
    const error = new ApiRequestError(400, 'amount: Amount must be a whole number of shillings', [
      { path: 'amount', message: 'Amount must be a whole number of shillings' },
    ]);
    expect(errorMessage(error)).toBe('Amount must be a whole number of shillings');
    expect(errorMessage(new ApiRequestError(409, 'This M-Pesa receipt number has already been used'))).toBe(
      'This M-Pesa receipt number has already been used',
    );
    expect(errorMessage(new Error('x'), 'Fallback')).toBe('Fallback');
  });
});
