import { z } from "zod";
import type { AgentContractKind, StoredContractTerms } from "~/db/schema-agents";
import { parsePesoAmount } from "~/utils/money";
import type { PeriodUnit } from "./periods";

/**
 * A contract's terms and the arithmetic of what they pay (issue 17, ADR 0037). All of it is integer
 * centavos and basis points (1 bp = 0.01 %), never floating point.
 *
 * Tiers: the agent reaches the highest tier whose three minimums its team meets in the period
 * (turnover, active players, net loss; a net-loss minimum of 0 asks nothing). Each tier asks at least as much as the one before in every
 * minimum, more in one of them, and pays a higher rate.
 * Base: a salary (daily, hourly) pays on the team's turnover; a dividend on its net loss (bets less
 * wins), nothing when the players won.
 * Rounding: gross = floor(base × rate / 10,000): the centavo fraction is never paid.
 * Level difference: an agent's pay is its gross less the gross of the nearest agents below it with a
 * contract of the same kind, never below zero, so the operator pays each peso of turnover once, at
 * the top agent's rate.
 */

export const CONTRACT_KIND_PERIODS: Record<AgentContractKind, readonly PeriodUnit[]> = {
  daily_salary: ["day"],
  hourly_salary: ["hour"],
  dividend: ["half_month", "month"],
};

export const MAX_TIERS = 10;

const ZERO = /^0+(\.0{1,2})?$/;

/** Zero or a peso amount as typed ("0", "0.00", "50,000", "1500.50"). */
const pesos = z
  .string()
  .trim()
  .refine((v) => ZERO.test(v) || parsePesoAmount(v) !== null, "an amount in pesos such as 50000 or 1500.50 (0 for none)")
  .transform((v) => (ZERO.test(v) ? 0n : parsePesoAmount(v)!));

/** A percentage with up to two decimals, above 0 and at most 100: "0.5" → 50 bp. */
const rate = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "a percentage such as 0.5 or 12.25")
  .transform((v) => {
    const [whole, frac = ""] = v.split(".");
    return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  })
  .refine((bp) => bp > 0 && bp <= 10_000, "a rate above 0 and at most 100 %");

const tierInput = z.object({
  turnover: pesos,
  activePlayers: z.number().int().min(0).max(1_000_000),
  netLoss: pesos,
  rate,
});

/** The terms as support staff write them (a JSON file for `npm run agents -- offer`). */
export const termsInput = z.object({
  period: z.enum(["hour", "day", "half_month", "month"]).optional(),
  tiers: z.array(tierInput).min(1).max(MAX_TIERS),
});

export type TermsResult = { ok: true; terms: StoredContractTerms } | { ok: false; error: string };

/** Checks an operator's terms for a kind of contract; the stored form or the first problem, in words. */
export function parseTerms(kind: AgentContractKind, input: unknown): TermsResult {
  const parsed = termsInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `${issue.path.join(".") || "terms"}: ${issue.message}` };
  }
  const allowed = CONTRACT_KIND_PERIODS[kind];
  const period = parsed.data.period ?? allowed[allowed.length - 1]!;
  if (!allowed.includes(period)) return { ok: false, error: `period: a ${kind} is paid per ${allowed.join(" or ")}` };
  const tiers = parsed.data.tiers;
  for (let i = 1; i < tiers.length; i++) {
    const [a, b] = [tiers[i - 1]!, tiers[i]!];
    const notLower = b.turnover >= a.turnover && b.activePlayers >= a.activePlayers && b.netLoss >= a.netLoss;
    const higher = b.turnover > a.turnover || b.activePlayers > a.activePlayers || b.netLoss > a.netLoss;
    if (!notLower || !higher) return { ok: false, error: `tiers.${i}: each tier asks more than the one before` };
    if (b.rate <= a.rate) return { ok: false, error: `tiers.${i}.rate: each tier pays a higher rate than the one before` };
  }
  return {
    ok: true,
    terms: {
      period,
      tiers: tiers.map((t) => ({
        minTurnover: t.turnover.toString(),
        minActivePlayers: t.activePlayers,
        minNetLoss: t.netLoss.toString(),
        rateBp: t.rate,
      })),
    },
  };
}

/** A team's figures for one period. */
export interface TeamFigures {
  turnover: bigint;
  /** Bets less wins; negative when the players won. */
  netLoss: bigint;
  activePlayers: number;
}

/** The highest tier the figures reach (1-based) and its rate, or none. */
export function tierReached(terms: StoredContractTerms, f: TeamFigures): { tier: number | null; rateBp: number } {
  let reached: { tier: number | null; rateBp: number } = { tier: null, rateBp: 0 };
  terms.tiers.forEach((t, i) => {
    // A net-loss minimum of 0 is no minimum: a salary tier is reached in a period the players won, too.
    const minNetLoss = BigInt(t.minNetLoss);
    const lossMet = minNetLoss === 0n || f.netLoss >= minNetLoss;
    if (f.turnover >= BigInt(t.minTurnover) && f.activePlayers >= t.minActivePlayers && lossMet) {
      reached = { tier: i + 1, rateBp: t.rateBp };
    }
  });
  return reached;
}

/** What the base of a kind is: turnover for salaries, the net loss (never below 0) for a dividend. */
export function baseOf(kind: AgentContractKind, f: TeamFigures): bigint {
  if (kind !== "dividend") return f.turnover;
  return f.netLoss > 0n ? f.netLoss : 0n;
}

/** floor(base × rate / 10,000). */
export function grossOf(base: bigint, rateBp: number): bigint {
  return (base * BigInt(rateBp)) / 10_000n;
}

/** One agent in the settlement of a kind and period. */
export interface EarningNode {
  agentId: number;
  /** The nearest agent above with a contract of the same kind in this computation, if any. */
  parentId: number | null;
  figures: TeamFigures;
  /** The contract in force at the end of the period, if any. */
  terms: StoredContractTerms | null;
}

export interface Earning {
  agentId: number;
  tier: number | null;
  rateBp: number;
  gross: bigint;
  subAgents: bigint;
  amount: bigint;
}

/** Every node's pay for a kind: its gross less the gross of the nodes whose parent it is, never below zero. */
export function computeEarnings(kind: AgentContractKind, nodes: EarningNode[]): Map<number, Earning> {
  const gross = new Map<number, { tier: number | null; rateBp: number; gross: bigint }>();
  for (const n of nodes) {
    const { tier, rateBp } = n.terms ? tierReached(n.terms, n.figures) : { tier: null, rateBp: 0 };
    gross.set(n.agentId, { tier, rateBp, gross: tier === null ? 0n : grossOf(baseOf(kind, n.figures), rateBp) });
  }
  const children = new Map<number, bigint>();
  for (const n of nodes) {
    if (n.parentId === null || !gross.has(n.parentId)) continue;
    children.set(n.parentId, (children.get(n.parentId) ?? 0n) + gross.get(n.agentId)!.gross);
  }
  const out = new Map<number, Earning>();
  for (const n of nodes) {
    const g = gross.get(n.agentId)!;
    const subAgents = children.get(n.agentId) ?? 0n;
    const amount = g.gross > subAgents ? g.gross - subAgents : 0n;
    out.set(n.agentId, { agentId: n.agentId, tier: g.tier, rateBp: g.rateBp, gross: g.gross, subAgents, amount });
  }
  return out;
}
