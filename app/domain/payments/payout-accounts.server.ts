import { and, eq, sql } from "drizzle-orm";
import type { Brand, PayoutMethod } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { payoutAccounts } from "~/db/schema";
import { recordAudit } from "~/domain/site/audit.server";
import { checkPaymentPassword, type PinCheck } from "./payment-password.server";
import { maskAccountNumber, payoutAccountIssues, type PayoutAccountInput } from "./withdraw-schemas";

export interface PayoutAccount {
  method: PayoutMethod;
  accountNumber: string;
  holderName: string;
  bank: string | null;
}

export type PayoutAccountOutcome =
  | { ok: true; account: PayoutAccount }
  | { ok: false; reason: "invalid"; field: string; message: string }
  | { ok: false; reason: "method_not_offered" | "already_bound" | "not_bound" }
  | Exclude<PinCheck, { ok: true }>;

export async function getPayoutAccount(db: Db, brand: Brand, memberId: number): Promise<PayoutAccount | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.merchantCode, brand.merchantCode), eq(payoutAccounts.memberId, memberId)))
    .limit(1);
  return row
    ? { method: row.method as PayoutMethod, accountNumber: row.accountNumber, holderName: row.holderName, bank: row.bank }
    : null;
}

/** What an audit row says about an account: never the whole number. */
export function describePayoutAccount(a: PayoutAccount): string {
  return [a.method, a.bank, maskAccountNumber(a.accountNumber), a.holderName].filter(Boolean).join(" ");
}

function normalise(brand: Brand, input: PayoutAccountInput): PayoutAccountOutcome {
  if (!brand.payments.withdrawal.methods.includes(input.method)) return { ok: false, reason: "method_not_offered" };
  const holderName = input.holderName.trim().replace(/\s+/g, " ");
  const account: PayoutAccount = {
    method: input.method,
    accountNumber: input.accountNumber.trim(),
    holderName,
    bank: input.method === "bank" ? (input.bank ?? null) : null,
  };
  const [issue] = payoutAccountIssues({ ...account, bank: account.bank ?? undefined });
  if (issue) return { ok: false, reason: "invalid", field: issue.path, message: issue.message };
  return { ok: true, account };
}

/** Binds the member's first payout account (no payment password asked: there is nothing to take over yet). */
export async function bindPayoutAccount(
  db: Db,
  brand: Brand,
  memberId: number,
  input: PayoutAccountInput,
): Promise<PayoutAccountOutcome> {
  const checked = normalise(brand, input);
  if (!checked.ok) return checked;
  const account = checked.account;
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(payoutAccounts)
      .values({ memberId, merchantCode: brand.merchantCode, ...account })
      .onConflictDoNothing()
      .returning({ memberId: payoutAccounts.memberId });
    if (!made) return { ok: false, reason: "already_bound" } as const;
    await recordAudit(tx, brand, {
      subject: `payout-account:${memberId}`,
      oldValue: null,
      newValue: describePayoutAccount(account),
      actor: { name: `member:${memberId}`, reason: "bound by the member" },
    });
    return { ok: true, account } as const;
  });
}

/**
 * Replaces the payout account. Whoever holds a session could otherwise send the member's
 * money elsewhere, so the payment password is asked; the old and new accounts are audited.
 */
export async function changePayoutAccount(
  db: Db,
  brand: Brand,
  memberId: number,
  input: PayoutAccountInput & { paymentPassword: string },
): Promise<PayoutAccountOutcome> {
  const checked = normalise(brand, input);
  if (!checked.ok) return checked;
  const account = checked.account;
  const pin = await checkPaymentPassword(db, brand, memberId, input.paymentPassword);
  if (!pin.ok) return pin;
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.merchantCode, brand.merchantCode), eq(payoutAccounts.memberId, memberId)))
      .for("update");
    if (!old) return { ok: false, reason: "not_bound" } as const;
    await tx
      .update(payoutAccounts)
      .set({ ...account, updatedAt: sql`now()` })
      .where(eq(payoutAccounts.memberId, memberId));
    await recordAudit(tx, brand, {
      subject: `payout-account:${memberId}`,
      oldValue: describePayoutAccount({ ...old, method: old.method as PayoutMethod }),
      newValue: describePayoutAccount(account),
      actor: { name: `member:${memberId}`, reason: "changed by the member with the payment password" },
    });
    return { ok: true, account } as const;
  });
}
