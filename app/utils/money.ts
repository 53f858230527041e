/** Centavos (as a decimal string, since bigint does not cross JSON) to "₱1,234.56"; never through floating point. */
export function formatPeso(centavos: string): string {
  const negative = centavos.startsWith("-");
  const digits = (negative ? centavos.slice(1) : centavos).padStart(3, "0");
  const pesos = digits.slice(0, -2).replace(/^0+(?=\d)/, "");
  const grouped = pesos.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}₱${grouped}.${digits.slice(-2)}`;
}

/** Largest amount a form accepts: ₱999,999,999.99. Brand limits are far below; this only keeps input bounded. */
const MAX_INPUT_CENTAVOS = 99_999_999_999n;

/**
 * A peso amount as a person types it ("500", "1,500.50", "₱ 20.5") to centavos, or null when
 * it is not one: negative, zero, more than two decimals, exponents ("1e3"), non-ASCII digits,
 * or beyond ₱999,999,999.99. Never through floating point.
 */
export function parsePesoAmount(input: string): bigint | null {
  const text = input.trim().replace(/^₱\s*/, "");
  const m = /^(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const centavos = BigInt(m[1].replace(/,/g, "")) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  return centavos > 0n && centavos <= MAX_INPUT_CENTAVOS ? centavos : null;
}

/** Centavos to the plain decimal a form field holds ("1500.50", "200"): the inverse of parsePesoAmount. */
export function centavosToInput(centavos: bigint): string {
  const pesos = centavos / 100n;
  const cents = centavos % 100n;
  return cents === 0n ? pesos.toString() : `${pesos}.${cents.toString().padStart(2, "0")}`;
}
