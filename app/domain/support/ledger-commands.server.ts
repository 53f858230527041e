import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";
import { findMemberByUsername } from "~/domain/accounts/members.server";
import type { Actor } from "~/domain/site/audit.server";
import { adjustBalance, reverseWithAudit } from "~/domain/wallet/adjustments.server";
import { getBalance } from "~/domain/wallet/balances.server";
import { DuplicateTransferError, InsufficientFundsError, InvalidTransferError } from "~/domain/wallet/ledger.server";
import { verifyLedger, type LedgerProblem } from "~/domain/wallet/verify.server";
import { parsePesoAmount } from "~/utils/money";

/** `npm run ledger`: verify the books, post a manual correction, reverse a transfer. */
const who = {
  by: z.string().trim().min(1, "--by is required").max(100),
  why: z.string().trim().min(1, "--why is required").max(500),
};
export const ledgerCommandSchemas = [
  /** brand: a brand id, or "all" (the default). */
  z.object({ command: z.literal("ledger.verify"), brand: z.string().optional() }),
  z.object({
    command: z.literal("ledger.adjust"),
    brand: z.string(),
    user: z.string().min(1).max(100),
    /** Signed pesos: "+150", "-20.50". */
    amount: z.string().regex(/^[+-]/, "the amount needs a sign: +150 credits the member, -20.50 debits"),
    /** Posting the same key again changes nothing: a retried command never credits twice. */
    key: z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/, "--key may hold letters, digits and : . _ - (at most 100)"),
    ...who,
  }),
  z.object({ command: z.literal("ledger.reverse"), brand: z.string(), transfer: z.number().int().positive(), ...who }),
] as const;

type LedgerCommand = z.output<(typeof ledgerCommandSchemas)[number]>;

export interface LedgerVerifyItem {
  brand: string;
  transfers: number;
  entries: number;
  accounts: number;
  /** Centavos. */
  memberCash: string;
  problems: LedgerProblem[];
}

export type LedgerCommandResult =
  | { ok: true; command: "ledger.verify"; brands: LedgerVerifyItem[]; clean: boolean }
  | {
      ok: true;
      command: "ledger.adjust";
      brand: string;
      username: string;
      /** Centavos, signed. */
      amount: string;
      transferId: number;
      replayed: boolean;
      /** The member's cash balance after it, in centavos. */
      balance: string;
      actor: Actor;
    }
  | {
      ok: true;
      command: "ledger.reverse";
      brand: string;
      transferId: number;
      reversalId: number;
      replayed: boolean;
      actor: Actor;
    }
  | { ok: false; error: string };

export async function runLedgerCommand(db: Db, registry: BrandRegistry, req: LedgerCommand): Promise<LedgerCommandResult> {
  if (req.command === "ledger.verify") {
    const all = req.brand === undefined || req.brand === "all";
    const brands = all ? registry.brands : [registry.byId.get(req.brand!)].filter((b): b is Brand => !!b);
    if (brands.length === 0)
      return { ok: false, error: `Unknown brand "${req.brand}". Brands: all, ${[...registry.byId.keys()].join(", ")}` };
    const items: LedgerVerifyItem[] = [];
    for (const b of brands) {
      const r = await verifyLedger(db, b.merchantCode);
      items.push({
        brand: b.id,
        transfers: r.transfers,
        entries: r.entries,
        accounts: r.accounts,
        memberCash: r.memberCash.toString(),
        problems: r.problems,
      });
    }
    return { ok: true, command: req.command, brands: items, clean: items.every((i) => i.problems.length === 0) };
  }
  const brand = registry.byId.get(req.brand);
  if (!brand) return { ok: false, error: `Unknown brand "${req.brand}". Brands: ${[...registry.byId.keys()].join(", ")}` };
  const actor: Actor = { name: req.by, reason: req.why };
  try {
    if (req.command === "ledger.adjust") {
      const magnitude = parsePesoAmount(req.amount.slice(1));
      if (magnitude === null) return { ok: false, error: `"${req.amount}" is not an amount: write it like +150 or -20.50` };
      const amount = req.amount.startsWith("-") ? -magnitude : magnitude;
      const member = await findMemberByUsername(db, brand, req.user);
      if (!member) return { ok: false, error: `No member "${req.user}" in ${brand.id}.` };
      const posted = await adjustBalance(db, brand, member, amount, actor, `adjust:${req.key}`);
      const balance = await getBalance(db, brand, member.id, "cash");
      return {
        ok: true,
        command: req.command,
        brand: brand.id,
        username: member.username,
        amount: amount.toString(),
        transferId: posted.id,
        replayed: posted.replayed,
        balance: balance.toString(),
        actor,
      };
    }
    const { reversal } = await reverseWithAudit(db, brand, req.transfer, actor);
    return {
      ok: true,
      command: req.command,
      brand: brand.id,
      transferId: req.transfer,
      reversalId: reversal.id,
      replayed: reversal.replayed,
      actor,
    };
  } catch (err) {
    if (err instanceof InsufficientFundsError) return { ok: false, error: "Refused: the member's balance would go below zero." };
    if (err instanceof DuplicateTransferError)
      return { ok: false, error: "Refused: that --key was already used for a different correction." };
    if (err instanceof InvalidTransferError) return { ok: false, error: `Refused: ${err.message}.` };
    throw err;
  }
}
