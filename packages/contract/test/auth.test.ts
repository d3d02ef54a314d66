import { describe, expect, it } from 'vitest';
import { addressBodySchema } from '../src/addresses';
import { passwordContextProblem, signinBodySchema, signupBodySchema } from '../src/auth';
import { newPasswordProblem, passwordPatternProblem } from '../src/password-strength';
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

  it('refuses passwords weak by their pattern, naming the pattern, and keeps passphrases', () => {
    expect(passwordPatternProblem('aaaaaaaa')).toMatch(/one character repeated/);
    expect(passwordPatternProblem('11111111a')).toMatch(/one character repeated/);
    expect(passwordPatternProblem('abcabcabc')).toMatch(/repeats the same few characters/);
    expect(passwordPatternProblem('abcd1234')).toMatch(/run of letters or digits in order/);
    expect(passwordPatternProblem('12345678')).toMatch(/in order/);
    expect(passwordPatternProblem('qwertyui')).toMatch(/row of keys/);
    expect(passwordPatternProblem('asdfghjk')).toMatch(/row of keys/);
    expect(passwordPatternProblem('01011990')).toMatch(/date/);
    for (const good of ['marula-oil-2025', 'shea-butter-2025', 'zawadi2024', 'Secret#Pass1', 'x-1234-y-5']) {
      expect(passwordPatternProblem(good), good).toBeNull();
    }
    // What the forms show as the person types: length first, then the pattern, then the account's own details.
    const account = { phone: '0712345678', fullName: 'Wanjiku Kamau' };
    expect(newPasswordProblem('aaa', account)).toBe('Password must be at least 8 characters');
    expect(newPasswordProblem('qwertyui', account)).toMatch(/keyboard/);
    expect(newPasswordProblem('wanjiku-loves-mango', account)).toMatch(/your name/);
    expect(newPasswordProblem('marula-oil-2025', account)).toBeNull();
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
