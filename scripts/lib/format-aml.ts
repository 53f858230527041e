import type { AmlFlagItem, ComplianceCommandResult } from "~/domain/support/compliance-commands.server";

/**
 * `npm run aml -- report` as CSV (scripts/lib/format.ts hands it here): a header line, then one line
 * per flag. Amounts in pesos with two decimals, times in ISO 8601 (UTC). A cell a spreadsheet would
 * read as a formula (=, +, -, @, tab, carriage return first) is written with a leading apostrophe.
 */
export const AML_CSV_HEADER = [
  "flag",
  "members",
  "reference",
  "amount_php",
  "at",
  "deposits_php",
  "cash_bets_php",
  "payout_method",
  "payout_account",
] as const;

const pesos = (centavos: string) => {
  const c = BigInt(centavos);
  return `${c / 100n}.${String(c % 100n).padStart(2, "0")}`;
};

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function row(f: AmlFlagItem): string[] {
  if (f.flag === "shared_payout_account") return [f.flag, f.members.join(" "), "", "", "", "", "", f.method, f.accountNumber];
  const money = [f.flag, f.member, f.reference, pesos(f.amountCentavos), f.at];
  if (f.flag === "little_play") return [...money, pesos(f.depositsCentavos), pesos(f.betsCentavos), "", ""];
  return [...money, "", "", "", ""];
}

export function formatAmlReport(r: Extract<ComplianceCommandResult, { ok: true }>): string {
  return [AML_CSV_HEADER.join(","), ...r.flags.map((f) => row(f).map(csvCell).join(","))].join("\n");
}
