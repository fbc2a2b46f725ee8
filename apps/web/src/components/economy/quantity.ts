export const MIN_QUANTITY = 1;

/** Quantity input rule (SPEC 5): non-numeric or lower than 1 becomes 1; decimals are cut. */
export function normalizeQuantity(input: string | number): number {
  const value = typeof input === 'number' ? input : Number(input.trim());
  if (!Number.isFinite(value) || (typeof input === 'string' && input.trim() === '')) return MIN_QUANTITY;
  return Math.max(MIN_QUANTITY, Math.floor(value));
}
