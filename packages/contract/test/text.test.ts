import { describe, expect, it } from 'vitest';
import { relativeTime, truncate } from '../src/text';
import { formatKes, formatKsh } from '../src/money';

describe('text helpers', () => {
  it('truncates only long text', () => {
    expect(truncate('short', 19)).toBe('short');
    expect(truncate('Hydrating Rose Water Toner', 19)).toBe('Hydrating Rose Wate…');
  });

  it('tells relative time', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('Just now');
    expect(relativeTime('2026-11-22T11:45:00Z', now)).toBe('15m');
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toBe('3h');
    expect(relativeTime('2026-11-21T09:00:00Z', now)).toBe('1d');
    expect(relativeTime('2026-11-03T09:00:00Z', now)).toBe('Nov 3');
  });

  it('formats shillings', () => {
    expect(formatKsh(1250)).toBe('Ksh 1,250');
    expect(formatKsh(1234567.5)).toBe('Ksh 1,234,568');
    expect(formatKsh(0)).toBe('Ksh 0');
    expect(formatKes(-99)).toBe('KES -99');
  });

  it('groups shillings as Intl does for en-KE', () => {
    const intl = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
    const amounts = [0, 1, 12, 999, 1000, 1001, 99_999, 100_000, 123_456_789, 2 ** 40, -1, -1000, -1_234_567];
    for (const amount of [...amounts, ...amounts.map((a) => a + 0.5), ...amounts.map((a) => a - 0.4)])
      expect(formatKsh(amount)).toBe(`Ksh ${intl.format(Math.round(amount) + 0)}`);
  });
});
