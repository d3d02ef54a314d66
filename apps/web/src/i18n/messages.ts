/*
 * What a catalogue is: the English one (catalogues/en.ts) defines the keys; every other language gives each key its
 * own text. `{name}` marks a placeholder, filled by t(key, {name}). Plural texts are two keys, `<key>.one` and
 * `<key>.other`, chosen by the language's plural rules (tn()). `<name>words</name>` marks words a screen draws as
 * an element (a link, bold), with t.rich(key, params, {name: (words) => …}).
 */
import type { en } from './catalogues/en';

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

/** The keys that come as a pair `<base>.one` / `<base>.other`, by their base. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.one`
    ? `${Base}.other` extends MessageKey
      ? Base
      : never
    : never;
}[MessageKey];

/** A placeholder: `{name}` (t(), t.n() and t.rich() fill it). */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** `text` with each `{name}` replaced by `params[name]` (left as it is when the parameter is missing). */
export function fill(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The names of a text's placeholders, sorted (the catalogue test compares them across languages). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).sort();
}

/** A rich text's tag: `<name>words</name>`, not nested. */
export const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/** The names of a text's tags, sorted (the catalogue test compares them across languages). */
export function tags(text: string): string[] {
  return [...text.matchAll(TAG)].map((m) => m[1]!).sort();
}
