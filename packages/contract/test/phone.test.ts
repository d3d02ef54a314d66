import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay, isCanonicalKenyanPhone, normalizeKenyanPhone } from '../src/phone';

describe('normalizeKenyanPhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['110345678', '254110345678'],
    ['0712 345 678', '254712345678'],
    ['+254-712-345-678', '254712345678'],
  ])('maps %s to %s', (input, expected) => {
    expect(normalizeKenyanPhone(input)).toBe(expected);
  });

  it.each(['', '0812345678', '07123456', '07123456789', '+255712345678', 'abc', '2547123456789', '+-712'])(
    'refuses %j',
    (input) => {
      expect(normalizeKenyanPhone(input)).toBeNull();
    },
  );

  it('formats a canonical number for display', () => {
    expect(formatPhoneForDisplay('254712345678')).toBe('0712 345 678');
  });
});

describe('isCanonicalKenyanPhone', () => {
  it('accepts only the stored form', () => {
    expect(isCanonicalKenyanPhone('254712345678')).toBe(true);
    expect(isCanonicalKenyanPhone('0712345678')).toBe(false);
    expect(isCanonicalKenyanPhone(254712345678)).toBe(false);
  });
});
