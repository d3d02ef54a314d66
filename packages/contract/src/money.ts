/** Money is whole Kenya shillings; shown as "Ksh 1,250". */
export function formatKsh(amount: number): string {
  return `Ksh ${Math.round(amount).toLocaleString('en-KE')}`;
}

export function formatKes(amount: number): string {
  return `KES ${Math.round(amount).toLocaleString('en-KE')}`;
}
