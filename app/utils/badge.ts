/** Spec §4/§9: a count badge shows 99+ above 99, and nothing at zero. */
export function badgeText(count: number): string | null {
  if (!Number.isInteger(count) || count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
