/**
 * Kenyan mobile numbers in every form customers type them (07…, 01…, +2547…, 2547…, 7…, with spaces or
 * dashes) map to one canonical form: 2547XXXXXXXX or 2541XXXXXXXX (what Daraja wants).
 */
const CANONICAL = /^254[17]\d{8}$/;

export function normalizeKenyanPhone(input: string): string | null {
  const digits = input.trim().replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, '');
  let candidate: string;
  if (/^0[17]\d{8}$/.test(bare)) candidate = `254${bare.slice(1)}`;
  else if (/^[17]\d{8}$/.test(bare)) candidate = `254${bare}`;
  else if (/^254[17]\d{8}$/.test(bare)) candidate = bare;
  else return null;
  return CANONICAL.test(candidate) ? candidate : null;
}

/** Whether a value is already in the canonical form (2547XXXXXXXX / 2541XXXXXXXX). */
export function isCanonicalKenyanPhone(value: unknown): value is string {
  return typeof value === 'string' && CANONICAL.test(value);
}

/** A Zod transform that normalises a typed phone number or reports `message` (one rule for every phone field). */
export function toKenyanPhone(message: string) {
  return (value: string, ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void }) => {
    const phone = normalizeKenyanPhone(value);
    if (!phone) ctx.addIssue({ code: 'custom', message });
    return phone ?? '';
  };
}

export const PHONE_HINT =
  'Phone number should start with +254 followed by 9 digits or a valid phone number format';

/** E.164 form (+2547…) for SMS gateways such as Africa's Talking. */
export function toE164(canonical: string): string {
  return `+${canonical}`;
}

/** A readable form for screens: 0712 345 678. */
export function formatPhoneForDisplay(canonical: string): string {
  if (!isCanonicalKenyanPhone(canonical)) return canonical;
  const local = `0${canonical.slice(3)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

/** A phone number with all but its first four and last three characters hidden: "2547*****777". */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 7)}${phone.slice(-3)}`;
}

/**
 * A payer's number as a customer reads it on her own order: whole when it is one of `hers` (her account's, the
 * order's), masked when someone else paid.
 */
export function payerPhoneFor(phone: string | null, hers: (string | null)[]): string | null {
  if (phone === null) return null;
  const canonical = normalizeKenyanPhone(phone) ?? phone;
  const known = hers.some((own) => own !== null && (normalizeKenyanPhone(own) ?? own) === canonical);
  return known ? phone : maskPhone(phone);
}
