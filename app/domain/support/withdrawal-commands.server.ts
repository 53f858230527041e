import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { getMember } from "~/domain/accounts/members.server";
import type { Payments } from "~/domain/payments/ports";
import { maskAccountNumber } from "~/domain/payments/withdraw-schemas";
import { approveWithdrawal } from "~/domain/payments/payouts.server";
import {
  getWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  type ReviewOutcome,
  type Withdrawal,
} from "~/domain/payments/withdrawals.server";
import type { Actor } from "~/domain/site/audit.server";

/** Support staff's withdrawal commands (`npm run withdrawals`), over the admin channel or directly. */
const who = {
  by: z.string().trim().min(1, "--by is required").max(100),
  why: z.string().trim().min(1, "--why is required").max(500),
};
const publicId = z.string().regex(/^W[A-Z2-7]{16}$/, "a withdrawal id is W and 16 letters or digits");
export const withdrawalCommandSchemas = [
  z.object({
    command: z.literal("withdrawals.list"),
    brand: z.string(),
    state: z.enum(["pending", "approved", "paid", "rejected", "failed"]).optional(),
    limit: z.number().int().min(1, "--limit must be at least 1").max(500, "--limit must be at most 500").default(50),
  }),
  z.object({ command: z.literal("withdrawals.show"), brand: z.string(), id: publicId }),
  z.object({ command: z.literal("withdrawals.approve"), brand: z.string(), id: publicId, ...who }),
  z.object({ command: z.literal("withdrawals.reject"), brand: z.string(), id: publicId, ...who }),
] as const;

type WithdrawalCommand = z.output<(typeof withdrawalCommandSchemas)[number]>;

/** One withdrawal as support sees it: JSON only (money as a centavo string, dates as ISO 8601). */
export interface WithdrawalView {
  id: string;
  username: string | null;
  amount: string;
  state: string;
  method: string;
  bank: string | null;
  /** Masked but for the last 4 digits. */
  accountNumber: string;
  holderName: string;
  payoutRef: string | null;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

export type WithdrawalCommandResult =
  | { ok: true; command: "withdrawals.list"; brand: string; state: string | null; withdrawals: WithdrawalView[] }
  | { ok: true; command: "withdrawals.show"; brand: string; withdrawal: WithdrawalView }
  | {
      ok: true;
      command: "withdrawals.approve";
      brand: string;
      withdrawal: WithdrawalView;
      /** False: the gateway did not take the payout this time; reconciliation sends it again. */
      payoutSent: boolean;
      actor: Actor;
    }
  | { ok: true; command: "withdrawals.reject"; brand: string; withdrawal: WithdrawalView; actor: Actor }
  | { ok: false; error: string };

async function view(db: Db, brand: Brand, w: Withdrawal): Promise<WithdrawalView> {
  const member = await getMember(db, brand, w.memberId);
  return {
    id: w.publicId,
    username: member?.username ?? null,
    amount: w.amount.toString(),
    state: w.state,
    method: w.payoutMethod,
    bank: w.payoutBank,
    accountNumber: maskAccountNumber(w.payoutAccountNumber),
    holderName: w.payoutHolderName,
    payoutRef: w.payoutRef,
    reason: w.reason,
    reviewedBy: w.reviewedBy,
    reviewedAt: w.reviewedAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
  };
}

function refused(id: string, r: Exclude<ReviewOutcome, { ok: true }>): { ok: false; error: string } {
  return r.reason === "not_found"
    ? { ok: false, error: `No withdrawal ${id} on this brand.` }
    : { ok: false, error: `Withdrawal ${id} is ${r.state}, not pending: nothing changed.` };
}

export async function runWithdrawalCommand(
  db: Db,
  brand: Brand,
  req: WithdrawalCommand,
  payments: Payments | undefined,
): Promise<WithdrawalCommandResult> {
  switch (req.command) {
    case "withdrawals.list": {
      const rows = await listWithdrawals(db, brand, { state: req.state, limit: req.limit });
      const withdrawals = await Promise.all(rows.map((w) => view(db, brand, w)));
      return { ok: true, command: req.command, brand: brand.id, state: req.state ?? null, withdrawals };
    }
    case "withdrawals.show": {
      const w = await getWithdrawal(db, brand, req.id);
      if (!w) return { ok: false, error: `No withdrawal ${req.id} on this brand.` };
      return { ok: true, command: req.command, brand: brand.id, withdrawal: await view(db, brand, w) };
    }
    case "withdrawals.approve": {
      if (!payments) return { ok: false, error: "This process has no payout gateway: approve through the running server." };
      const actor = { name: req.by, reason: req.why };
      const r = await approveWithdrawal(db, brand, payments.payoutGateway(brand.merchantCode), req.id, actor);
      if (!r.ok) return refused(req.id, r);
      return {
        ok: true,
        command: req.command,
        brand: brand.id,
        withdrawal: await view(db, brand, r.withdrawal),
        payoutSent: r.payout === "sent",
        actor,
      };
    }
    case "withdrawals.reject": {
      const actor = { name: req.by, reason: req.why };
      const r = await rejectWithdrawal(db, brand, req.id, actor);
      if (!r.ok) return refused(req.id, r);
      return { ok: true, command: req.command, brand: brand.id, withdrawal: await view(db, brand, r.withdrawal), actor };
    }
  }
}
