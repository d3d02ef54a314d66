/*
 * Who signs up in a test: unique phone numbers, the password, the code in a mail or SMS. No dependencies, so the
 * browser tests (e2e/support/api.ts) use the same factories as the API tests.
 */

export const GOOD_PASSWORD = 'shea-butter-2025';

let phoneCounter = 0;
/** A unique, valid Kenyan mobile number in local form (07…). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `07${String(20_000_000 + ((phoneCounter * 104_729 + process.pid * 31) % 70_000_000)).padStart(8, '0')}`;
}

/** 07XXXXXXXX → 2547XXXXXXXX */
export function canonical(local: string): string {
  return `254${local.slice(1)}`;
}

/** The 6-digit code in a mail or SMS. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no 6-digit code in: ${text}`);
  return match[1]!;
}
