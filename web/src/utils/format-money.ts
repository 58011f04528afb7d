const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A rupee amount as the shop shows it: ₹ with Indian digit grouping and 2 decimals (D4, D5). */
export function formatRupees(amount: number): string {
  return RUPEES.format(amount);
}
