import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, setPasswordHashCost, verifyPassword } from '../src/lib/passwords';

describe('password hashing', () => {
  afterAll(() => setPasswordHashCost(12));

  it("uses OWASP's N=2^14, r=8, p=5 by default and re-hashes older parameter sets at sign-in", async () => {
    setPasswordHashCost(17);
    const old = await hashPassword('marula-oil-2025');
    expect(old).toMatch(/^scrypt\$131072\$8\$1\$/);
    setPasswordHashCost(14);
    const current = await hashPassword('marula-oil-2025');
    expect(current).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await verifyPassword('marula-oil-2025', old)).toBe(true);
    expect(await verifyPassword('marula-oil-2025', current)).toBe(true);
    expect(await verifyPassword('marula-oil-2024', current)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(current)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});
