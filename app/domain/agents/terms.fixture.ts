import type { AgentContractKind, StoredContractTerms } from "~/db/schema-agents";
import { parseTerms } from "./terms";

/** Contract terms for the tests of terms.ts: a tier as a form sends it, and terms that must parse. */

export type TierInput = { turnover: string; activePlayers: number; netLoss: string; rate: string };

export const tier = (t: Partial<TierInput> = {}): TierInput => ({
  turnover: "50000",
  activePlayers: 5,
  netLoss: "0",
  rate: "0.5",
  ...t,
});

/** The stored terms of input that must be good. */
export function good(kind: AgentContractKind, input: unknown): StoredContractTerms {
  const r = parseTerms(kind, input);
  if (!r.ok) throw new Error(`expected good terms, got: ${r.error}`);
  return r.terms;
}
