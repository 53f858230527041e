import type { BarredCommandResult, BarredMatchItem } from "~/domain/support/barred-commands.server";

/** `npm run compliance -- barred …` as terminal text (scripts/lib/format.ts hands it here). */
type Success = Extract<BarredCommandResult, { ok: true }>;

const EVENTS: Record<BarredMatchItem["event"], string> = { registration: "registration", sign_in: "sign-in" };
const period = (from: string, to: string | null) => `${from}..${to ?? ""}`;

/** One match: what was tried, where and when, whom it matched, and its review (or that none is on record). */
function matchLines(m: BarredMatchItem): string[] {
  const head = [`#${m.id}`, m.at, m.brand, EVENTS[m.event].padEnd(12), m.username].join("  ");
  const review = m.review ? `reviewed ${m.review.at} by ${m.review.by}: ${m.review.note}` : "NOT REVIEWED";
  return [head, `    listed: ${m.person.name}, born ${m.person.birthday} (${m.person.reason})`, `    ${review}`];
}

export function formatBarredResult(r: Success): string {
  switch (r.command) {
    case "barred.import": {
      const changed = r.added + r.updated;
      const counts = `${r.rows} row${r.rows === 1 ? "" : "s"}: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged`;
      return changed === 0 ? `${r.file}: ${counts}. Nothing changed.` : `${r.file}: ${counts} (imported by ${r.by}).`;
    }
    case "barred.list": {
      if (r.persons.length === 0) return r.active ? `Nobody on the list is restricted today (${r.today}).` : "The list is empty.";
      const title = r.active
        ? `Restricted today (${r.today}, Manila): ${r.persons.length}`
        : `Listed persons: ${r.persons.length}`;
      return [
        title,
        ...r.persons.map((p) =>
          [
            p.birthday,
            period(p.periodFrom, p.periodTo).padEnd(22),
            p.name.padEnd(32),
            p.reason,
            `(${p.importedAt.slice(0, 10)} by ${p.importedBy})`,
          ].join("  "),
        ),
      ].join("\n");
    }
    case "barred.matches": {
      const scope = `${r.brand ?? "every brand"}${r.open ? ", not yet reviewed" : ""}`;
      if (r.matches.length === 0) return `No matches (${scope}).`;
      return [`Matches (${scope}), newest first:`, ...r.matches.flatMap(matchLines)].join("\n");
    }
    case "barred.review":
      return [`Match #${r.match.id} marked reviewed.`, ...matchLines(r.match)].join("\n");
  }
}
