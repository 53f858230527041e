/** Centavos (as a decimal string, since bigint does not cross JSON) to "₱1,234.56"; never through floating point. */
export function formatPeso(centavos: string): string {
  const negative = centavos.startsWith("-");
  const digits = (negative ? centavos.slice(1) : centavos).padStart(3, "0");
  const pesos = digits.slice(0, -2).replace(/^0+(?=\d)/, "");
  const grouped = pesos.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}₱${grouped}.${digits.slice(-2)}`;
}
