import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { amlReport, parseAmlPeriod } from "~/domain/compliance/aml.server";

/** `npm run aml`: the compliance officer's AML report of a brand for a period (issue 16, item 8). */
export const complianceCommandSchemas = [
  z.object({
    command: z.literal("aml.report"),
    brand: z.string(),
    period: z.string().trim().min(1, "give a period: YYYY-MM, YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD").max(40),
  }),
] as const;

type ComplianceCommand = z.output<(typeof complianceCommandSchemas)[number]>;

/** One flag as JSON: money as a centavo string, times as ISO 8601. */
export type AmlFlagItem =
  | {
      flag: "covered_deposit" | "covered_withdrawal";
      member: string;
      reference: string;
      amountCentavos: string;
      at: string;
    }
  | {
      flag: "little_play";
      member: string;
      reference: string;
      amountCentavos: string;
      at: string;
      depositsCentavos: string;
      betsCentavos: string;
    }
  | { flag: "shared_payout_account"; members: string[]; method: string; accountNumber: string };

export type ComplianceCommandResult =
  | {
      ok: true;
      command: "aml.report";
      brand: string;
      period: { label: string; from: string; to: string };
      thresholds: { coveredTransactionCentavos: string; littlePlayPercent: number; sharedPayoutAccountMembers: number };
      flags: AmlFlagItem[];
    }
  | { ok: false; error: string };

export async function runComplianceCommand(db: Db, brand: Brand, req: ComplianceCommand): Promise<ComplianceCommandResult> {
  const period = parseAmlPeriod(req.period);
  if (!period)
    return { ok: false, error: `"${req.period}" is not a period: give YYYY-MM, YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD.` };
  const flags = await amlReport(db, brand, period);
  const aml = brand.compliance.aml;
  return {
    ok: true,
    command: req.command,
    brand: brand.id,
    period: { label: period.label, from: period.from.toISOString(), to: period.to.toISOString() },
    thresholds: {
      coveredTransactionCentavos: String(aml.coveredTransactionCentavos),
      littlePlayPercent: aml.littlePlayPercent,
      sharedPayoutAccountMembers: aml.sharedPayoutAccountMembers,
    },
    flags: flags.map((f): AmlFlagItem => {
      if (f.flag === "shared_payout_account") return f;
      const base = {
        member: f.member,
        reference: f.reference,
        amountCentavos: f.amountCentavos.toString(),
        at: f.at.toISOString(),
      };
      if (f.flag === "little_play")
        return {
          flag: f.flag,
          ...base,
          depositsCentavos: f.depositsCentavos.toString(),
          betsCentavos: f.betsCentavos.toString(),
        };
      return { flag: f.flag, ...base };
    }),
  };
}
