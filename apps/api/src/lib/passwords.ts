import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * scrypt with one of OWASP's equivalent parameter sets, stored self-describing: scrypt$N$r$p$salt$hash
 * (base64url), so the cost can change without breaking old hashes (they are re-hashed at the next sign-in).
 * The default is N=2^14, r=8, p=5: as strong as N=2^17, p=1 by OWASP's table but 16 MiB of memory per hash
 * instead of 128 MiB, so a few sign-ins at once (libuv runs four) cannot push a process past its memory budget.
 */
let N = 2 ** 14;
const R = 8;
let P = 5;
/** OWASP's scrypt table: log2(N) → p for the same work (lower N, more parallel passes). */
const OWASP_P: Record<number, number> = { 17: 1, 16: 2, 15: 3, 14: 5, 13: 10 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** log2 of scrypt's N (PASSWORD_HASH_COST, default 14), with OWASP's p for it; tests lower it to stay quick. */
export function setPasswordHashCost(log2N: number): void {
  N = 2 ** log2N;
  P = OWASP_P[log2N] ?? 1;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with weaker parameters than today's (re-hash it at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== N || Number(r) !== R || Number(p) !== P;
}
