import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { CONTRACT_PATHS, type ContractKindView, type ContractPageView } from "~/components/agents/types";
import { getMember } from "~/domain/accounts/members.server";
import { acceptContract, currentContracts, type AgentContract } from "~/domain/agents/contracts.server";
import { formatDate } from "~/utils/dates.server";
import { readForm } from "~/web/csrf.server";
import { notFound, requireAgent, requireFlag, type SignedIn } from "~/web/guards.server";
import { setToast } from "~/web/toast.server";

/**
 * The three contract pages (getSalaryContract, getDevidendContract, getHourContract; issue 17):
 * one loader and one action, told the kind by the route. The page shows the offer waiting (its
 * version, period and tiers) and the contract in force; Accept posts the version shown, so terms
 * support changed meanwhile are never accepted unseen.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

function terms(c: AgentContract) {
  return { version: c.version, period: c.terms.period, tiers: c.terms.tiers.map((t) => ({ ...t })) };
}

async function contractView(c: SignedIn, kind: ContractKindView): Promise<ContractPageView> {
  const mine = (await currentContracts(c.db, c.brand, c.session.memberId)).filter((k) => k.kind === kind);
  const offer = mine.find((k) => k.state === "offered");
  const inForce = mine.find((k) => k.state === "accepted");
  const when = (d: Date | null) => (d ? formatDate(d, c.lng, "YYYY-MM-DD HH:mm") : "");
  return {
    kind,
    offer: offer ? { ...terms(offer), offeredAt: when(offer.offeredAt) } : null,
    inForce: inForce ? { ...terms(inForce), acceptedAt: when(inForce.acceptedAt) } : null,
  };
}

function guard(request: Request, context: AppLoadContext): SignedIn {
  requireFlag(context, "AFFMAN3");
  return requireAgent(request, context);
}

export async function contractLoader(request: Request, context: AppLoadContext, kind: ContractKindView) {
  const c = guard(request, context);
  return data({ view: await contractView(c, kind) }, { headers: NO_STORE });
}

export type ContractActionData = { error: string; view: ContractPageView };

/**
 * Accept: the CSRF token and the version shown. Accepted → the agent home with a toast; other terms
 * meanwhile → 400 with the new terms and a message to read them; nothing waiting (accepted in another
 * tab, or withdrawn) → back to the page with a toast saying so.
 */
export async function contractAction(request: Request, context: AppLoadContext, kind: ContractKindView) {
  const c = guard(request, context);
  const form = await readForm(request, context);
  const version = form.get("version");
  if (form.get("intent") !== "accept" || typeof version !== "string" || !/^\d{1,9}$/.test(version)) {
    return data<ContractActionData>({ error: "agent.errors.invalid", view: await contractView(c, kind) }, { status: 400 });
  }
  const agent = await getMember(c.db, c.brand, c.session.memberId);
  if (!agent) throw notFound();
  const result = await acceptContract(c.db, c.brand, agent, kind, Number(version));
  if (result.ok) {
    const toast = await setToast(c, { kind: "success", key: "toast.contractAccepted" });
    return redirect("/m/agent/home", { headers: { "Set-Cookie": toast } });
  }
  if (result.reason === "changed") {
    return data<ContractActionData>({ error: "agent.errors.changed", view: await contractView(c, kind) }, { status: 400 });
  }
  const toast = await setToast(c, { kind: "info", key: "toast.contractNoneWaiting" });
  return redirect(CONTRACT_PATHS[kind], { headers: { "Set-Cookie": toast } });
}
