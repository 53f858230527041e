import type { KycCommandResult, KycSubmissionView } from "~/domain/support/kyc-commands.server";

/** Terminal wording of `npm run kyc` answers (scripts/lib/format.ts hands them here). */
export function formatKycResult(r: Extract<KycCommandResult, { ok: true }>): string {
  switch (r.command) {
    case "kyc.list":
      if (r.submissions.length === 0)
        return r.all ? `${r.brand} has no identity verifications.` : `${r.brand} has no identity verifications waiting.`;
      return [
        r.all
          ? `Identity verifications of ${r.brand}: waiting (oldest first), then reviewed (newest first):`
          : `Identity verifications of ${r.brand} waiting for review, oldest first:`,
        ...r.submissions.map(line),
      ].join("\n");
    case "kyc.show": {
      const s = r.submission;
      const out = [line(s), `  ID:        ${s.idType} ${s.idNumber}`, `  sent:      ${s.submittedAt}`];
      if (s.reviewedAt) out.push(`  reviewed:  ${s.reviewedAt} by ${s.reviewedBy}${s.reason ? `: ${s.reason}` : ""}`);
      return out.join("\n");
    }
    case "kyc.approve":
      return `Identity verification ${r.submission.id} of ${r.submission.username} approved (by ${r.actor.name}: ${r.actor.reason}).`;
    case "kyc.reject":
      return `Identity verification ${r.submission.id} of ${r.submission.username} rejected (by ${r.actor.name}); the player reads: ${r.submission.reason}`;
  }
}

function line(s: KycSubmissionView): string {
  return [s.submittedAt.slice(0, 16), String(s.id).padStart(6), s.username.padEnd(16), s.idType.padEnd(16), s.state].join("  ");
}
