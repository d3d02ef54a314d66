/** Conversions between the dialect-neutral column conventions and API values. */

export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

export function fromFlag(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** PostgreSQL answers COUNT(*) as a bigint string; SQLite as a number. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}
