import { describe, expect, it } from 'vitest';
import { paged } from '../src/common';
import { nairobiDate, nairobiDayWindow } from '../src/nairobi-time';

describe('paged', () => {
  it('counts whole pages, none when there is nothing', () => {
    expect(paged(['a'], 21, { page: 3, limit: 10 })).toEqual({
      data: ['a'],
      page: 3,
      limit: 10,
      total: 21,
      totalPages: 3,
    });
    expect(paged([], 0, { page: 1, limit: 10 }).totalPages).toBe(0);
  });
});

describe('nairobiDayWindow', () => {
  it('is the UTC window of a Nairobi calendar day', () => {
    const { from, to } = nairobiDayWindow('2026-03-10');
    expect(from.toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-10T21:00:00.000Z');
    expect(nairobiDate(from)).toBe('2026-03-10');
    expect(nairobiDate(new Date(to.getTime() - 1))).toBe('2026-03-10');
  });
});
