import type { AgentContractKind } from "~/db/schema";
import { pendingKinds, promptsContracts } from "~/domain/agents/contracts.server";
import type { BrandContext } from "./guards.server";

/**
 * The contract prompts a page shows (spec §6: Cancel and Go, for daily salary, dividend and hourly
 * salary offers). Agents who also play (types 1 and 2) get them on the first page of a session, with
 * the login pop-ups; `?cp=` names the kinds still to prompt after one was cancelled without
 * JavaScript (a link to the same page). Only offers that really wait are prompted, in order.
 */
export async function contractPromptsDue(
  request: Request,
  context: BrandContext,
  opts: { firstPage: boolean; shell: boolean },
): Promise<AgentContractKind[]> {
  const { session, flags, db, brand } = context;
  // The contract pages are AFFMAN3's: with it off, Go would lead nowhere.
  if (!opts.shell || !session || !flags.AFFMAN3 || !promptsContracts(session.type)) return [];
  const cp = new URL(request.url).searchParams.get("cp");
  if (!opts.firstPage && cp === null) return [];
  const pending = await pendingKinds(db, brand, session.memberId);
  if (opts.firstPage) return pending;
  const asked = new Set(cp!.split(",", 3).map((k) => k.trim()));
  return pending.filter((k) => asked.has(k));
}
