import type { MemberSummary } from "~/domain/support/member-commands.server";
import type { FeedbackItem } from "~/domain/accounts/feedback.server";
import type { WithdrawalView } from "~/domain/support/withdrawal-commands.server";
import type { OrderListItem } from "~/domain/support/payment-commands.server";
import type { RoundListItem } from "~/domain/support/game-commands.server";
import type { ContentListItem } from "~/domain/content/manage.server";
import { isAgent, isGuest } from "~/domain/accounts/member-types";
import type { AdminResult, AdminSuccess, OutboxListItem } from "~/domain/support/commands.server";
import { formatPeso } from "~/utils/money";
import { MARKET_UTC_OFFSET_MINUTES } from "~/utils/dates.server";
import { formatAgentResult } from "./format-agents";
import { formatAmlReport } from "./format-aml";
import { formatBarredResult } from "./format-barred";
import { formatKycResult } from "./format-kyc";
import { formatPromotionResult } from "./format-promotions";

/**
 * Terminal wording of the support commands' answers. The domain answers data
 * (app/domain/site/admin-commands.server.ts); only the CLIs turn it into columns and sentences.
 */
export function formatAdminResult(result: AdminResult): { ok: boolean; text: string } {
  if (!result.ok) return { ok: false, text: result.error };
  // A ledger that does not verify is a failure of the command: scripts and monitoring see the exit code.
  if (result.command === "ledger.verify" && !result.clean) return { ok: false, text: formatSuccess(result) };
  if (result.command === "games.replay" && result.replayable && !result.matches)
    return { ok: false, text: formatSuccess(result) };
  // A file that was refused fails the run, even when the other files of the folder went in.
  if (result.command === "content.publish" && result.files.some((f) => !f.ok)) return { ok: false, text: formatSuccess(result) };
  return { ok: true, text: formatSuccess(result) };
}

const STATUS_NAMES: Record<number, string> = {
  0: "0 (open)",
  1: "1 (maintenance / IP-restricted page)",
  2: "2 (service-error page)",
};
const onOff = (v: boolean) => (v ? "on" : "off");
const byWhom = (actor: { name: string; reason: string }) => `by ${actor.name}: ${actor.reason}`;

function formatSuccess(r: AdminSuccess): string {
  switch (r.command) {
    case "flags.list": {
      const lines = r.flags.map((f) => {
        const src = f.override
          ? `override by ${f.override.by}: ${f.override.reason}`
          : f.brandDefault !== null
            ? "brand file"
            : "catalogue";
        return `${f.name.padEnd(20)} ${onOff(f.effective).padEnd(4)} ${src.padEnd(40)} ${f.meaning}`;
      });
      return [`Module flags of ${r.brand}:`, ...lines].join("\n");
    }
    case "flags.set":
      return `${r.brand} ${r.flag}: ${onOff(r.before)} -> ${onOff(r.after)} (${byWhom(r.actor)})`;
    case "flags.history":
      if (r.changes.length === 0) return `No flag changes recorded for ${r.brand}.`;
      return r.changes
        .map((c) => `${c.at}  ${c.flag.padEnd(20)} ${c.oldValue} -> ${c.newValue}  by ${c.actor}: ${c.reason}`)
        .join("\n");
    case "status.get":
      return `${r.brand} status ${STATUS_NAMES[r.status]}`;
    case "status.set":
      return `${r.brand} status ${r.before} -> ${STATUS_NAMES[r.after]} (${byWhom(r.actor)})`;
    case "outbox.list": {
      const scope = `${r.brand ?? "any brand"}${r.channel ? `, ${r.channel}` : ""}`;
      if (r.messages.length === 0) return `No messages in the outbox (${scope}).`;
      return r.messages.map(formatOutboxMessage).join("\n\n");
    }
    case "members.list":
      if (r.members.length === 0) return `${r.brand} has no members yet.`;
      return [`Members of ${r.brand}, newest first:`, ...r.members.map(memberLine)].join("\n");
    case "members.show": {
      const m = r.member;
      const rows: [string, string][] = [
        ["username", m.username],
        ["type", typeName(m.type)],
        ["status", m.status],
        ["nickname", m.nickname ?? "-"],
        ["mobile", m.mobileNum ? `+${m.countryDialingCode ?? "63"} ${m.mobileNum}` : "-"],
        ["e-mail", m.email ?? "-"],
        ["real name", m.realName ?? "-"],
        ["birthday", m.birthday ?? "-"],
        ["invite code", m.inviteCode],
        ["registered", `${m.createdAt} via ${m.registerMethod} on ${m.registerUrl ?? "-"}`],
        ["last login", m.lastLoginAt ?? "never"],
        ["social sign-in", m.socialSignIn ? "linked" : "no"],
        ["balance", formatPeso(m.balance.centavos)],
        ["turnover left", formatPeso(m.turnoverRemaining)],
        ...(m.declarations.length === 0
          ? [["declared", "nothing on record"] as [string, string]]
          : m.declarations.map((d): [string, string] => [
              "declared",
              `${d.declaredAt} at ${d.kind} (${d.minimumAge}+, ${d.language}, text version ${d.textVersion}): "${d.text}"`,
            ])),
      ];
      return rows.map(([k, v]) => `${k.padEnd(15)} ${v}`).join("\n");
    }
    case "members.disable":
    case "members.enable": {
      if (r.before === r.after) return `${r.username} on ${r.brand} is already ${r.after}.`;
      const extra = r.after === "disabled" ? ` ${r.sessionsRevoked} session(s) signed out.` : "";
      return `${r.username} on ${r.brand} is now ${r.after} (${byWhom(r.actor)}).${extra}`;
    }
    case "members.create":
      return `Created ${r.username} on ${r.brand}, type ${typeName(r.type)}. Password (shown once): ${r.password}`;
    case "members.waive-turnover":
      if (r.waivedCentavos === "0") return `${r.username} on ${r.brand} has no turnover left to wager.`;
      return `Waived ${formatPeso(r.waivedCentavos)} of turnover for ${r.username} on ${r.brand} (${byWhom(r.actor)}).`;
    case "members.feedback-list":
      if (r.feedback.length === 0) return `${r.brand} has no feedback${r.since ? ` since ${r.since}` : ""}.`;
      return [`Feedback to ${r.brand}${r.since ? ` since ${r.since}` : ""}, newest first:`, ...r.feedback.map(feedbackLine)].join(
        "\n",
      );
    case "ledger.verify":
      return r.brands
        .map((b) => {
          const head = `${b.brand}: ${b.transfers} transfers, ${b.entries} entries, ${b.accounts} accounts; members hold ${formatPeso(b.memberCash)}`;
          if (b.problems.length === 0)
            return `${head}\n  OK: every transfer sums to zero, every balance equals its entries, no player balance is negative.`;
          return [head, ...b.problems.map((p) => `  BROKEN (${p.check}): ${p.detail}`)].join("\n");
        })
        .join("\n");
    case "ledger.adjust": {
      const sign = r.amount.startsWith("-") ? "-" : "+";
      const what = `${sign}${formatPeso(r.amount.replace(/^-/, ""))} to ${r.username} on ${r.brand}`;
      if (r.replayed)
        return `Already posted (transfer ${r.transferId}): ${what}. Nothing changed. Balance ${formatPeso(r.balance)}.`;
      return `Posted ${what} as transfer ${r.transferId} (${byWhom(r.actor)}). Balance ${formatPeso(r.balance)}.`;
    }
    case "ledger.reverse":
      return r.replayed
        ? `Transfer ${r.transferId} was already reversed by transfer ${r.reversalId}. Nothing changed.`
        : `Reversed transfer ${r.transferId} on ${r.brand} with transfer ${r.reversalId} (${byWhom(r.actor)}).`;
    case "withdrawals.list":
      if (r.withdrawals.length === 0) return `${r.brand} has no ${r.state ? `${r.state} ` : ""}withdrawals.`;
      return [
        `Withdrawals of ${r.brand}${r.state ? ` (${r.state})` : ""}, newest first:`,
        ...r.withdrawals.map(withdrawalLine),
      ].join("\n");
    case "withdrawals.show": {
      const w = r.withdrawal;
      return [
        withdrawalLine(w),
        `  to ${w.method}${w.bank ? ` ${w.bank}` : ""} ${w.accountNumber} (${w.holderName})`,
        w.payoutRef ? `  payout ${w.payoutRef}` : null,
        w.reviewedBy ? `  reviewed by ${w.reviewedBy} at ${w.reviewedAt}` : null,
        w.reason ? `  reason: ${w.reason}` : null,
      ]
        .filter(Boolean)
        .join("\n");
    }
    case "withdrawals.approve":
      return r.payoutSent
        ? `Approved ${r.withdrawal.id} (${formatPeso(r.withdrawal.amount)}) ${byWhom(r.actor)}; payout ${r.withdrawal.payoutRef} sent.`
        : `Approved ${r.withdrawal.id} (${formatPeso(r.withdrawal.amount)}) ${byWhom(r.actor)}; the gateway did not take the payout yet: it is sent again automatically.`;
    case "withdrawals.reject":
      return `Rejected ${r.withdrawal.id} (${formatPeso(r.withdrawal.amount)}) ${byWhom(r.actor)}; the amount is back in the player's balance.`;
    case "payments.reconcile":
      return r.brands
        .map((b) =>
          b.ran
            ? `${b.brand}: checked ${b.checked} pending orders; ${b.paid} paid, ${b.failed} failed, ${b.expired} expired${b.errors ? `, ${b.errors} could not be checked (asked again next run)` : ""}. Payouts: ${b.payoutsSent} sent again, ${b.payoutsSettled} settled, ${b.payoutsWaiting} waiting.`
            : `${b.brand}: skipped, another process is reconciling it.`,
        )
        .join("\n");
    case "payments.orders":
      if (r.orders.length === 0) return `${r.brand} has no ${r.state ?? ""} deposit orders.`.replace("  ", " ");
      return [`Deposit orders of ${r.brand}${r.state ? ` (${r.state})` : ""}, newest first:`, ...r.orders.map(orderLine)].join(
        "\n",
      );
    case "games.launchToken":
      return [
        `Launch token for ${r.username} on ${r.brand}, ${r.gameCode} at provider ${r.provider}${r.demo ? " (trial player: demo money)" : ""}:`,
        r.launchToken,
        `Game URL: ${r.url}`,
        `Single use; exchange it with authenticate before ${r.expiresAt} (${byWhom(r.actor)}).`,
      ].join("\n");
    case "games.rounds":
      if (r.rounds.length === 0) return `${r.brand} has no in-house rounds${r.user ? ` of ${r.user}` : ""}.`;
      return [`In-house rounds of ${r.brand}${r.user ? `, ${r.user}` : ""}, newest first:`, ...r.rounds.map(roundLine)].join(
        "\n",
      );
    case "games.replay": {
      const head = roundLine(r.round);
      if (!r.replayable) return `${head}\n  A lottery ticket is settled at its draw: there is nothing of its own to replay.`;
      return r.matches
        ? `${head}\n  MATCHES: the engine, replayed from the stored input and draws, gives the stored outcome and win.`
        : `${head}\n  DIFFERS: the engine, replayed from the stored input and draws, does not give the stored outcome and win.`;
    }
    case "content.publish":
      return r.files
        .map((f) =>
          f.ok
            ? [
                `${f.file}: published ${f.items.length} item(s)`,
                ...f.items.map((i) => `  ${i.brand}  ${i.kind}/${i.key}/${i.language}  ${i.action}`),
              ].join("\n")
            : `${f.file}: REFUSED, nothing from this file was published: ${f.error}`,
        )
        .join("\n");
    case "content.list":
      if (r.items.length === 0) return `${r.brand} has no published ${r.kind ?? "content"}.`;
      return [`Content of ${r.brand}${r.kind ? ` (${r.kind})` : ""}:`, ...r.items.map(contentLine)].join("\n");
    case "content.retire":
      return `${r.brand} ${r.kind} "${r.key}" retired (${r.retired} language version(s); ${byWhom(r.actor)}).`;
    case "inbox.send":
      return `${r.brand}: message ${r.id} "${r.title}" sent to ${r.to ?? "every member"} (${byWhom(r.actor)}).`;
    case "promotions.list":
    case "promotions.show":
    case "promotions.approve":
    case "promotions.reject":
    case "promotions.intake":
      return formatPromotionResult(r);
    case "aml.report":
      return formatAmlReport(r);
    case "barred.import":
    case "barred.list":
    case "barred.matches":
    case "barred.review":
      return formatBarredResult(r);
    case "kyc.list":
    case "kyc.show":
    case "kyc.approve":
    case "kyc.reject":
      return formatKycResult(r);
    case "agents.create":
    case "agents.list":
    case "agents.offer":
    case "agents.contracts":
    case "agents.settle":
    case "agents.settlements":
      return formatAgentResult(r);
  }
}

/** The calendar date in Philippine time, as the screens show it (a bare date was published as midnight there). */
const marketDate = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + MARKET_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10) : "-";

function contentLine(i: ContentListItem): string {
  return [
    i.kind.padEnd(12),
    `${i.key}/${i.language}`.padEnd(32),
    (i.detail ?? "-").padEnd(14),
    marketDate(i.start).padEnd(10),
    marketDate(i.end).padEnd(10),
    (i.retiredAt ? "retired" : "live").padEnd(7),
    i.title,
  ].join(" ");
}

/** One message: who and when, then its text indented (it may hold line breaks). */
function feedbackLine(f: FeedbackItem): string {
  return [`${f.createdAt}  #${f.id}  ${f.username}`, ...f.message.split(/\r?\n/).map((l) => `    ${l}`)].join("\n");
}

function roundLine(r: RoundListItem): string {
  return [
    r.at,
    r.id,
    r.player.padEnd(16),
    r.gameCode.padEnd(16),
    `bet ${formatPeso(r.bet)}`.padStart(18),
    `win ${formatPeso(r.win)}`.padStart(18),
    r.state,
  ].join("  ");
}

function orderLine(o: OrderListItem): string {
  const line = [
    o.createdAt,
    o.id,
    (o.username ?? "?").padEnd(16),
    o.channel.padEnd(14),
    formatPeso(o.amount).padStart(14),
    o.state,
  ];
  if (o.failureReason) line.push(`(${o.failureReason})`);
  return line.join("  ");
}

function withdrawalLine(w: WithdrawalView): string {
  return [w.createdAt, w.id, (w.username ?? "?").padEnd(16), formatPeso(w.amount).padStart(14), w.state].join("  ");
}

/** One message: a header line, then the body indented so multi-line e-mails stay readable in a terminal. */
function formatOutboxMessage(m: OutboxListItem): string {
  const head = [m.at, m.brand, m.channel.padEnd(5), m.recipient];
  if (m.subject) head.push(`"${m.subject}"`);
  const body = m.body
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => `    ${line}`);
  return [head.join("  "), ...body].join("\n");
}

function typeName(type: number): string {
  if (isGuest(type)) return `${type} (guest)`;
  return `${type} (${isAgent(type) ? (type === 1 || type === 2 ? "member, agent" : "agent") : type === 40 ? "agent line, no sign-in" : "member"})`;
}

function memberLine(m: MemberSummary): string {
  return [m.username.padEnd(18), typeName(m.type).padEnd(18), m.status.padEnd(9), m.createdAt.slice(0, 16)].join(" ");
}
