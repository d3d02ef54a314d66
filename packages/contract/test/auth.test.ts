import { describe, expect, it } from 'vitest';
import { addressBodySchema } from '../src/addresses';
import { passwordContextProblem, signinBodySchema, signupBodySchema } from '../src/auth';
import { PHONE_HINT } from '../src/phone';
import { createLocationBodySchema } from '../src/shipping';

describe('auth schemas', () => {
  it('normalises the phone and email of a sign-up and drops unknown fields', () => {
    const parsed = signupBodySchema.parse({
      fullName: ' Wanjiku ',
      email: ' W@Example.CO.KE ',
      phone: '0712 345 678',
      password: 'karibu-shea-demo',
      role: 'admin',
    });
    expect(parsed).toEqual({
      fullName: 'Wanjiku',
      email: 'w@example.co.ke',
      phone: '254712345678',
      password: 'karibu-shea-demo',
    });
    expect(
      signupBodySchema.parse({ fullName: 'Ab', email: '', phone: '711000111', password: 'long-enough' })
        .email,
    ).toBe(undefined);
  });

  it('refuses passwords built from the account or the shop, and gives the phone hint', () => {
    const account = { phone: '254712345678', fullName: 'Wanjiku Kamau', email: 'mrembo.k@example.co.ke' };
    expect(passwordContextProblem('a0712345678', account)).toMatch(/phone number/);
    expect(passwordContextProblem('+254 712 345 678', account)).toMatch(/phone number/);
    expect(passwordContextProblem('KAMAU-rocks-99', account)).toMatch(/your name/);
    expect(passwordContextProblem('x-mrembo.k-x', account)).toMatch(/email address/);
    expect(passwordContextProblem('UREMBO-2025', account)).toMatch(/shop's name/);
    expect(passwordContextProblem('marula-oil-2025', account)).toBeNull();
    const badPhone = signupBodySchema.safeParse({
      fullName: 'Otieno',
      phone: '0812',
      password: 'x-1234-y-5',
    });
    expect(badPhone.error!.issues.map((i) => i.message)).toContain(PHONE_HINT);
    const named = signupBodySchema.safeParse({
      fullName: 'Otieno',
      phone: '0712000111',
      password: 'otieno-1234',
    });
    expect(named.error!.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'Password must not contain your name' }),
    ]);
  });

  it('needs a phone or an email to sign in', () => {
    expect(signinBodySchema.safeParse({ phone: '', email: '', password: 'x' }).success).toBe(false);
    expect(signinBodySchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });
});

describe('address and shipping schemas', () => {
  it('validates an address book', () => {
    const ok = addressBodySchema.parse({
      name: 'Home',
      phone: '+254 712 345 678',
      country: 'Kenya',
      county: 'Nairobi',
      town: 'CBD',
      location: 'River Road',
    });
    expect(ok).toMatchObject({ phone: '254712345678', isDefault: false });
    expect(ok.email).toBeUndefined();
    expect(addressBodySchema.safeParse({ ...ok, email: 'nope' }).success).toBe(false);
  });

  it('takes a whole, non-negative delivery fee', () => {
    expect(createLocationBodySchema.parse({ name: 'Hardy', town: 't', shippingFee: '350' }).shippingFee).toBe(
      350,
    );
    for (const fee of [-5, 1.5, 'x', 100_001]) {
      expect(createLocationBodySchema.safeParse({ name: 'Hardy', town: 't', shippingFee: fee }).success).toBe(
        false,
      );
    }
  });
});
