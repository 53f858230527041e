import type { AgentContractKind, StoredContractTerms } from "~/db/schema";
import type {
  AgentCommandResult,
  AgentContractView,
  AgentListItem,
  SettlementLineView,
} from "~/domain/support/agent-commands.server";
import { formatPeso } from "~/utils/money";
import { MARKET_UTC_OFFSET_MINUTES } from "~/utils/dates.server";

/** Terminal wording of `npm run agents` answers (scripts/lib/format.ts hands them here). */
type Success = Extract<AgentCommandResult, { ok: true }>;

const KIND_NAMES: Record<AgentContractKind, string> = {
  daily_salary: "daily salary",
  dividend: "dividend",
  hourly_salary: "hourly salary",
};
const PERIOD_NAMES: Record<StoredContractTerms["period"], string> = {
  hour: "per hour",
  day: "per day",
  half_month: "per half month",
  month: "per month",
};

/** Basis points as a percentage: 50 → "0.50 %". */
export const percent = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, "0")} %`;

/** An instant in Philippine time, to the minute ("2026-11-27 14:05"). */
const manila = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + MARKET_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16).replace("T", " ") : "-";

const typeName = (type: number) => `${type} (${type === 1 || type === 2 ? "member, agent" : "agent"})`;
const byWhom = (actor: { name: string; reason: string }) => `by ${actor.name}: ${actor.reason}`;

function termsLines(t: StoredContractTerms): string[] {
  return [
    `    paid ${PERIOD_NAMES[t.period]}`,
    ...t.tiers.map(
      (tier, i) =>
        `    tier ${i + 1}: turnover ${formatPeso(tier.minTurnover)}+, ${tier.minActivePlayers} active player(s)+, ` +
        `net loss ${formatPeso(tier.minNetLoss)}+  →  ${percent(tier.rateBp)}`,
    ),
  ];
}

function contractLines(c: AgentContractView): string[] {
  const when = [`offered ${manila(c.offeredAt)} by ${c.offeredBy}: ${c.offeredWhy}`];
  if (c.acceptedAt) when.push(`accepted ${manila(c.acceptedAt)}`);
  if (c.endedAt) when.push(`${c.state === "withdrawn" ? "withdrawn" : "ended"} ${manila(c.endedAt)}`);
  return [
    [`#${c.id}`.padEnd(7), KIND_NAMES[c.kind].padEnd(14), `version ${c.version}`.padEnd(11), c.state].join(" "),
    `    ${when.join("; ")}`,
    ...termsLines(c.terms),
  ];
}

function agentLine(a: AgentListItem): string {
  return [
    a.username.padEnd(17),
    typeName(a.type).padEnd(18),
    (a.parent ?? "-").padEnd(17),
    a.inviteCode.padEnd(9),
    String(a.teamSize).padStart(6),
    `  ${manila(a.createdAt)}`,
  ].join(" ");
}

const LINE_HEAD = [
  "agent".padEnd(17),
  "turnover".padStart(16),
  "net loss".padStart(16),
  "active".padStart(6),
  "tier".padStart(4),
  "rate".padStart(8),
  "gross".padStart(16),
  "sub-agents".padStart(16),
  "amount".padStart(16),
  "  transfer ",
].join(" ");

function lineCells(l: SettlementLineView, first: string): string {
  return [
    first.padEnd(17),
    formatPeso(l.turnover).padStart(16),
    formatPeso(l.netLoss).padStart(16),
    String(l.activePlayers).padStart(6),
    (l.tier === null ? "-" : String(l.tier)).padStart(4),
    percent(l.rateBp).padStart(8),
    formatPeso(l.gross).padStart(16),
    formatPeso(l.subAgents).padStart(16),
    formatPeso(l.amount).padStart(16),
    `  ${String(l.transferId ?? "-").padEnd(9)}`,
  ]
    .join(" ")
    .trimEnd();
}

const sum = (lines: SettlementLineView[]) => lines.reduce((s, l) => s + BigInt(l.amount), 0n).toString();

export function formatAgentResult(r: Success): string {
  switch (r.command) {
    case "agents.create": {
      const a = r.agent;
      const where = a.parent ? `under ${a.parent}` : "at the top of a new tree";
      return [
        `Created agent ${a.username} on ${r.brand}, type ${typeName(a.type)}, ${where} (${byWhom(r.actor)}).`,
        `Invite code: ${a.inviteCode}`,
        `Password (shown once): ${r.password}`,
      ].join("\n");
    }
    case "agents.list": {
      if (r.agents.length === 0)
        return r.under ? `${r.under} has no agents below it on ${r.brand}.` : `${r.brand} has no agents.`;
      const head = [
        "agent".padEnd(17),
        "type".padEnd(18),
        "parent".padEnd(17),
        "code".padEnd(9),
        "team".padStart(6),
        "  created (Manila)",
      ].join(" ");
      return [
        r.under ? `Agents below ${r.under} on ${r.brand}, oldest first:` : `Agents of ${r.brand}, oldest first:`,
        head,
        ...r.agents.map(agentLine),
        ...(r.agents.length >= r.limit ? [`(the first ${r.limit} only: list --under <agent> to see a part of the tree)`] : []),
      ].join("\n");
    }
    case "agents.offer":
      return [
        `Offered ${r.agent} a ${KIND_NAMES[r.contract.kind]}, version ${r.contract.version} (${byWhom(r.actor)}).`,
        ...termsLines(r.contract.terms),
        `It waits until ${r.agent} accepts it; an earlier offer of this kind that still waited is withdrawn.`,
      ].join("\n");
    case "agents.contracts":
      if (r.contracts.length === 0) return `${r.agent} on ${r.brand} has no contracts.`;
      return [
        `Contracts of ${r.agent} on ${r.brand}, by kind, newest version first:`,
        ...r.contracts.flatMap(contractLines),
      ].join("\n");
    case "agents.settle": {
      const what = `${KIND_NAMES[r.kind]} of ${r.period.label} on ${r.brand}`;
      if (r.lines.length === 0)
        return `Settled the ${what}: no agent had a ${KIND_NAMES[r.kind]} contract in force when it closed; nothing to pay.`;
      const head = r.already
        ? `The ${what} was settled before; nothing changed. Its ${r.lines.length} line(s), ${formatPeso(sum(r.lines))} paid:`
        : `Settled the ${what}: ${r.lines.length} line(s), ${formatPeso(sum(r.lines))} paid:`;
      return [head, LINE_HEAD.trimEnd(), ...r.lines.map((l) => lineCells(l, l.agent))].join("\n");
    }
    case "agents.settlements":
      if (r.lines.length === 0) return `${r.agent} on ${r.brand} has no settlements yet.`;
      return [
        `Settlements of ${r.agent} on ${r.brand}, newest period first:`,
        `${LINE_HEAD.replace("agent".padEnd(17), "period".padEnd(17))} kind`,
        ...r.lines.map((l) => `${lineCells(l, l.period).padEnd(LINE_HEAD.length)} ${KIND_NAMES[l.kind]}`),
      ].join("\n");
  }
}
