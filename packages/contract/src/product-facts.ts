import { nairobiDate } from './nairobi-time';

/*
 * What is in the jar and until when: the rules the server enforces and the storefront and admin show, without zod
 * (the storefront's bundle imports this).
 */

/** A best-before month as the API writes it: "YYYY-MM". */
export const EXPIRES_ON_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const EXPIRES_ON_MESSAGE = 'expiresOn must be a month written YYYY-MM, e.g. 2027-03';

/** Days before a product's best-before month ends that the dashboard lists it. */
export const EXPIRY_WARNING_DAYS = 60;

/** The Nairobi month (YYYY-MM) of an instant. */
export function nairobiMonth(instant: Date = new Date()): string {
  return nairobiDate(instant).slice(0, 7);
}

/**
 * Past its best-before month: a product good until "2026-11" may be sold up to the last day of November 2026 in
 * Nairobi, and not from 1 December.
 */
export function isExpired(expiresOn: string | null | undefined, now: Date = new Date()): boolean {
  return !!expiresOn && expiresOn < nairobiMonth(now);
}

/** "2027-03" → "03/2027", as the label on the jar reads. */
export function bestBeforeLabel(expiresOn: string): string {
  const match = EXPIRES_ON_PATTERN.exec(expiresOn);
  return match ? `${match[2]}/${match[1]}` : expiresOn;
}

/**
 * The last best-before month the dashboard's "expiring within 60 days" list includes: a month whose last day is
 * at most 60 days from today (Nairobi).
 */
export function lastMonthExpiringWithin(days: number, now: Date = new Date()): string {
  const horizon = nairobiDate(new Date(now.getTime() + days * 86_400_000));
  const [year, month, day] = horizon.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === lastDay) return horizon.slice(0, 7);
  const previous = new Date(Date.UTC(year, month - 2, 1));
  return previous.toISOString().slice(0, 7);
}

export interface BannedSubstance {
  /** How the substance is named to the admin. */
  substance: string;
  /** Why it may not be sold. */
  reason: string;
  /** Whole words (lower case) that name it in an ingredient list. */
  words: readonly string[];
}

/**
 * Substances banned in cosmetics sold in Kenya that an ingredient list may name. Mercury counts in any form: the
 * element and its salts (mercuric, mercurous), calomel (mercurous chloride) and the organic preservative thiomersal.
 */
export const BANNED_SUBSTANCES: readonly BannedSubstance[] = [
  {
    substance: 'hydroquinone',
    reason:
      'Hydroquinone is banned in cosmetics in Kenya: a skin-lightening agent that can darken and damage the skin ' +
      'for good (ochronosis).',
    words: ['hydroquinone', 'hydroquinones'],
  },
  {
    substance: 'mercury',
    reason:
      'Mercury in any form is banned in cosmetics in Kenya: it lightens skin by poisoning it, and harms the kidneys ' +
      'and the nervous system.',
    words: ['mercury', 'mercuric', 'mercurous', 'calomel', 'thiomersal', 'thimerosal', 'hydrargyrum'],
  },
];

export interface BannedMatch {
  /** The word as it was typed in the ingredients. */
  word: string;
  substance: string;
  reason: string;
}

/**
 * The first banned substance an ingredient list names, as a whole word in any case ("Mercurialis annua", a plant,
 * is not mercury); null when it names none.
 */
export function findBannedIngredient(ingredients: string | null | undefined): BannedMatch | null {
  if (!ingredients) return null;
  for (const match of ingredients.normalize('NFKC').matchAll(/[\p{L}]+/gu)) {
    const word = match[0];
    const lower = word.toLowerCase();
    const found = BANNED_SUBSTANCES.find((s) => s.words.includes(lower));
    if (found) return { word, substance: found.substance, reason: found.reason };
  }
  return null;
}

/** The 400 message for an active product whose ingredients name a banned substance. */
export function bannedIngredientMessage(match: BannedMatch): string {
  const named =
    match.word.toLowerCase() === match.substance ? `"${match.word}"` : `"${match.word}" (${match.substance})`;
  return `The ingredients name ${named}, so this product cannot be active. ${match.reason}`;
}

/** Why an expired product cannot be added to a cart or ordered. */
export function expiredMessage(name: string, expiresOn: string): string {
  return `${name} has expired (best before ${bestBeforeLabel(expiresOn)}) and cannot be sold`;
}
