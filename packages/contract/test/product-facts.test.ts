import { describe, expect, it } from 'vitest';
import {
  bestBeforeLabel,
  findBannedIngredient,
  isExpired,
  lastMonthExpiringWithin,
  nairobiMonth,
} from '../src/product-facts';

describe('best-before months', () => {
  it('expire after the last Nairobi day of the month', () => {
    // 30 Nov 2026 23:30 in Nairobi is still November.
    expect(isExpired('2026-11', new Date('2026-11-30T20:30:00Z'))).toBe(false);
    // 1 Dec 2026 00:30 in Nairobi (21:30 UTC the day before) is not.
    expect(isExpired('2026-11', new Date('2026-11-30T21:30:00Z'))).toBe(true);
    expect(isExpired(null)).toBe(false);
    expect(nairobiMonth(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01');
    expect(bestBeforeLabel('2027-03')).toBe('03/2027');
  });

  it('the dashboard warns of months whose last day is within 60 days', () => {
    // 25 Nov + 60 days = 24 Jan: December ends within them, January does not.
    expect(lastMonthExpiringWithin(60, new Date('2026-11-25T09:00:00Z'))).toBe('2026-12');
    // 1 Nov + 60 days = 31 Dec, December's last day.
    expect(lastMonthExpiringWithin(60, new Date('2026-11-01T09:00:00Z'))).toBe('2026-12');
    // 2 Jan + 60 days = 3 Mar: February ends within them.
    expect(lastMonthExpiringWithin(60, new Date('2027-01-02T09:00:00Z'))).toBe('2027-02');
  });
});

describe('banned ingredients', () => {
  it('finds hydroquinone and mercury in any form as whole words, in any case', () => {
    expect(findBannedIngredient('Aqua, HYDROQUINONE, Parfum')).toMatchObject({
      word: 'HYDROQUINONE',
      substance: 'hydroquinone',
    });
    for (const word of ['mercury', 'Mercuric', 'mercurous', 'Calomel', 'thiomersal']) {
      expect(findBannedIngredient(`Aqua, ${word} chloride`), word).toMatchObject({
        word,
        substance: 'mercury',
      });
    }
    expect(findBannedIngredient('Aqua, Mercurialis Annua Extract, Niacinamide')).toBeNull();
    expect(findBannedIngredient('')).toBeNull();
    expect(findBannedIngredient(null)).toBeNull();
  });
});
