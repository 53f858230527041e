import type { TFunction } from "~/utils/translator";

/** Basis points as a percentage, by integer arithmetic: 50 → "0.5%", 1225 → "12.25%", 300 → "3%". */
export function formatRate(bp: number): string {
  const whole = Math.floor(bp / 100);
  const frac = String(bp % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${whole}${frac ? `.${frac}` : ""}%`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A period label (2026-11-27T14, 2026-11-27, 2026-11-H1, 2026-11; Manila time) as people read it:
 * an hour shows its span, a half month which days it holds. An unknown form shows as it is.
 */
export function periodText(t: TFunction, label: string): string {
  const hour = /^(\d{4}-\d\d-\d\d)T(\d\d)$/.exec(label);
  if (hour) {
    const h = Number(hour[2]);
    return t("agent.periodText.hour", { day: hour[1], from: `${pad(h)}:00`, to: `${pad(h + 1)}:00` });
  }
  const half = /^(\d{4}-\d\d)-H([12])$/.exec(label);
  if (half) return t(half[2] === "1" ? "agent.periodText.firstHalf" : "agent.periodText.secondHalf", { month: half[1] });
  return label;
}
