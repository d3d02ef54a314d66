import { createHmac } from 'node:crypto';

/*
 * TOTP computed here, from RFC 6238 and RFC 4226 themselves (not the server's library), so the tests check the
 * server against the standard: HMAC-SHA-1 of the 30-second step counter, dynamic truncation, 6 digits.
 */

export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of a base32 secret at a moment (default now), or `steps` 30-second steps away from it. */
export function totp(base32: string, options: { at?: number; steps?: number; digits?: number } = {}): string {
  const step = Math.floor((options.at ?? Date.now()) / 30_000) + (options.steps ?? 0);
  return hotp(base32Decode(base32), step, options.digits ?? 6);
}
