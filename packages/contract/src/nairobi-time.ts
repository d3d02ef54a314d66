/**
 * THE shop's calendar: East Africa Time is UTC+3 all year (Kenya keeps no daylight saving), so a Nairobi day is a
 * fixed UTC window, whatever the machine's time zone. Dashboard periods, the reconciliation day, Daraja timestamps
 * and "today" all build on these.
 */
export const NAIROBI_OFFSET_MS = 3 * 3_600_000;
export const DAY_MS = 86_400_000;

/** An instant shifted to Nairobi wall-clock time (read it with the getUTC… methods). */
export function nairobiWallClock(instant: Date): Date {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS);
}

/** The UTC instant a Nairobi calendar day starts, for the day `daysBack` before the one containing `now`. */
export function nairobiDayStart(now: Date, daysBack = 0): Date {
  const local = now.getTime() + NAIROBI_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - daysBack * DAY_MS - NAIROBI_OFFSET_MS);
}

/** The Nairobi calendar date (YYYY-MM-DD) of an instant (today by default). */
export function nairobiDate(instant: Date = new Date()): string {
  return nairobiWallClock(instant).toISOString().slice(0, 10);
}

/** The UTC window [from, to) of a Nairobi calendar date (YYYY-MM-DD). */
export function nairobiDayWindow(date: string): { from: Date; to: Date } {
  const from = new Date(Date.parse(`${date}T00:00:00Z`) - NAIROBI_OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}
