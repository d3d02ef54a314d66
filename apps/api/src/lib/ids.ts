import { randomBytes } from 'node:crypto';

/** Opaque 24-hex-character ids (the shape of the seed's `_id`s). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
