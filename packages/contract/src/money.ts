/**
 * Shillings grouped by thousands with commas, as `Intl.NumberFormat('en-KE')` writes whole numbers, without building
 * an `Intl` formatter: on a slowed phone, the formatter's construction (its locale data) was the costliest step of
 * the first product card's script, and money is the only number every storefront page shows.
 */
function grouped(amount: number): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${group},${out}` : group;
  }
  return whole < 0 ? `-${out}` : out;
}

/** Money is whole Kenya shillings; shown as "Ksh 1,250". */
export function formatKsh(amount: number): string {
  return `Ksh ${grouped(amount)}`;
}

export function formatKes(amount: number): string {
  return `KES ${grouped(amount)}`;
}
