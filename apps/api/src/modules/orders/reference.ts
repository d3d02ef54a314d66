import { randomInt } from 'node:crypto';

/**
 * Order references: what a person reads on the order page and in an SMS, and types as the paybill account number.
 * Letters and digits that cannot be mistaken for one another when read aloud or typed on a phone keypad
 * (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V).
 */
export const REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTWXY3479';
export const REFERENCE_LENGTH = 7;

export function newOrderReference(): string {
  let out = '';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1)
    out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/** What a customer typed as the account number, compared with references: case, spaces and dashes ignored. */
export function normalizeReference(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}
