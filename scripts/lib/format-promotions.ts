import type { ApplicationView, PromotionCommandResult } from "~/domain/support/promotion-commands.server";
import { formatPeso } from "~/utils/money";

/** Terminal wording of `npm run promotions` answers (scripts/lib/format.ts hands them here). */
export function formatPromotionResult(r: Extract<PromotionCommandResult, { ok: true }>): string {
  switch (r.command) {
    case "promotions.list":
      if (r.applications.length === 0) return `${r.brand} has no${r.status ? ` ${r.status}` : ""} promotion applications.`;
      return [
        `Promotion applications of ${r.brand}${r.status ? ` (${r.status})` : ""}, oldest first:`,
        ...r.applications.map(line),
      ].join("\n");
    case "promotions.show": {
      const a = r.application;
      const out = [
        line(a),
        `  promotion: ${a.promotionKey} "${a.promotionTitle}"`,
        `  comment:   ${a.comment || "(none)"}`,
        `  images:    ${a.images}`,
      ];
      if (a.reviewedAt) out.push(`  reviewed:  ${a.reviewedAt} by ${a.reviewedBy}: ${a.reviewReason}`);
      if (a.transferId !== null) out.push(`  transfer:  ${a.transferId}`);
      return out.join("\n");
    }
    case "promotions.approve":
    case "promotions.reject": {
      const a = r.application;
      const what =
        a.status === "issued" ? `approved: ${formatPeso(a.bonus ?? "0")} bonus credited (transfer ${a.transferId})` : a.status;
      return r.replayed
        ? `Application ${a.id} was already ${what}; nothing changed.`
        : `Application ${a.id} of ${a.username} ${what} (by ${r.actor.name}: ${r.actor.reason}).`;
    }
    case "promotions.intake":
      return `${r.brand} promotion "${r.key}" ${r.after ? "takes" : "does not take"} applications (was ${r.before ? "open" : "closed"}; by ${r.actor.name}: ${r.actor.reason}).`;
  }
}

function line(a: ApplicationView): string {
  return [
    a.createdAt.slice(0, 16),
    String(a.id).padStart(6),
    a.username.padEnd(16),
    a.promotionKey.padEnd(24),
    a.status.padEnd(9),
    a.bonus === null ? "" : formatPeso(a.bonus),
  ]
    .join("  ")
    .trimEnd();
}
