/**
 * One formatter for the whole process: `toLocaleString('en-KE')` builds a new one on every call, which showed as
 * the most expensive function of the home page's hydration on a slowed phone (a price on every product card).
 */
const shillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** Money is whole Kenya shillings; shown as "Ksh 1,250". */
export function formatKsh(amount: number): string {
  return `Ksh ${shillings.format(Math.round(amount))}`;
}

export function formatKes(amount: number): string {
  return `KES ${shillings.format(Math.round(amount))}`;
}
