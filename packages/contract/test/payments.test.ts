import { describe, expect, it } from 'vitest';
import { manualPaymentBodySchema, stkPhoneFromProfile, stkPushBodySchema } from '../src/payments';

describe('stkPhoneFromProfile (the STK phone rule)', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['254712345678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
  ])('prefills %s as %s', (input, expected) => {
    expect(stkPhoneFromProfile(input)).toBe(expected);
  });

  it.each(['', null, undefined, '071234567', '07123456789', '0812345678', 'abc'])(
    'leaves %j empty',
    (input) => {
      expect(stkPhoneFromProfile(input)).toBe('');
    },
  );
});

describe('payment request schemas', () => {
  it('normalises the STK phone or refuses it', () => {
    expect(stkPushBodySchema.parse({ phone: '0712 345 678' })).toEqual({ phone: '254712345678' });
    expect(stkPushBodySchema.safeParse({ phone: '0812345678' }).success).toBe(false);
  });

  it('upper-cases the receipt and coerces the amount typed in a form', () => {
    const parsed = manualPaymentBodySchema.parse({
      ID: 'user-mpesa-form',
      fullName: ' Amina ',
      amount: '2350',
      order: 'o1',
      receipt: 'nlj7 rt61sv',
    });
    expect(parsed).toEqual({
      ID: 'user-mpesa-form',
      fullName: 'Amina',
      amount: 2350,
      order: 'o1',
      receipt: 'NLJ7RT61SV',
    });
  });
});
