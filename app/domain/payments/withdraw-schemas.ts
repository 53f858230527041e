import { z } from "zod";
import { PAYOUT_METHODS } from "~/brand/schema";
import { msg } from "~/utils/form-errors";
import { parsePesoAmount } from "~/utils/money";

/**
 * The withdraw screen's forms, shared by the browser (conform) and the server, and the
 * payout account rules the domain re-checks. Messages are locale keys (utils/form-errors.ts).
 */

/** A payment password is a 6-digit PIN, as Philippine e-wallets use. */
export const PIN_RE = /^\d{6}$/;
/** GCash and Maya accounts are the wallet's mobile number, written 09XXXXXXXXX. */
export const WALLET_NUMBER_RE = /^09\d{9}$/;
export const BANK_ACCOUNT_RE = /^\d{10,16}$/;
/** Letters of any script, spaces and . ' - ; 2 to 60 of them. */
export const HOLDER_NAME_RE = /^[\p{L}][\p{L} .'-]{0,58}[\p{L}.]$/u;

/** The major Philippine banks a payout may go to. */
export const PAYOUT_BANKS = [
  "BDO",
  "BPI",
  "Metrobank",
  "Landbank",
  "PNB",
  "Security Bank",
  "UnionBank",
  "RCBC",
  "China Bank",
  "EastWest",
] as const;
export type PayoutBank = (typeof PAYOUT_BANKS)[number];

const pin = (requiredKey: string) => z.string({ error: msg(requiredKey) }).regex(PIN_RE, msg("withdraw.pin_format"));

export const setPinSchema = z
  .object({
    intent: z.literal("set-pin"),
    pin: pin("withdraw.pin_required"),
    confirmPin: z.string({ error: msg("withdraw.pin_confirm_required") }),
  })
  .refine((v) => v.pin === v.confirmPin, { path: ["confirmPin"], message: msg("withdraw.pin_mismatch") });

export const changePinSchema = z
  .object({
    intent: z.literal("change-pin"),
    oldPin: pin("withdraw.pin_old_required"),
    pin: pin("withdraw.pin_required"),
    confirmPin: z.string({ error: msg("withdraw.pin_confirm_required") }),
  })
  .refine((v) => v.pin === v.confirmPin, { path: ["confirmPin"], message: msg("withdraw.pin_mismatch") })
  .refine((v) => v.pin !== v.oldPin, { path: ["pin"], message: msg("withdraw.pin_same") });

const payoutFields = {
  method: z.enum(PAYOUT_METHODS, { error: msg("withdraw.method_required") }),
  accountNumber: z
    .string({ error: msg("withdraw.number_required") })
    .trim()
    .max(32, msg("withdraw.number_format")),
  holderName: z
    .string({ error: msg("withdraw.holder_required") })
    .trim()
    .transform((s) => s.replace(/\s+/g, " "))
    .pipe(z.string().regex(HOLDER_NAME_RE, msg("withdraw.holder_format"))),
  bank: z.string().trim().max(40).optional(),
};

export interface PayoutAccountInput {
  method: (typeof PAYOUT_METHODS)[number];
  accountNumber: string;
  holderName: string;
  bank?: string;
}

/** The number matches its method, and a bank payout names a bank of the list. */
export function payoutAccountIssues(v: PayoutAccountInput): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.method === "bank") {
    if (!v.bank || !(PAYOUT_BANKS as readonly string[]).includes(v.bank))
      issues.push({ path: "bank", message: msg("withdraw.bank_required") });
    if (!BANK_ACCOUNT_RE.test(v.accountNumber))
      issues.push({ path: "accountNumber", message: msg("withdraw.bank_number_format") });
  } else if (!WALLET_NUMBER_RE.test(v.accountNumber)) {
    issues.push({ path: "accountNumber", message: msg("withdraw.wallet_number_format") });
  }
  return issues;
}

const checkAccount = (v: PayoutAccountInput, ctx: z.RefinementCtx) => {
  for (const issue of payoutAccountIssues(v)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
};

export const bindAccountSchema = z.object({ intent: z.literal("bind-account"), ...payoutFields }).superRefine(checkAccount);

export const changeAccountSchema = z
  .object({ intent: z.literal("change-account"), ...payoutFields, paymentPassword: pin("withdraw.pin_required") })
  .superRefine(checkAccount);

/** The amount travels as text and becomes centavos here, never through a float. */
export const withdrawSchema = z.object({
  intent: z.literal("withdraw"),
  amount: z
    .string({ error: msg("withdraw.amount_required") })
    .max(40, msg("withdraw.amount_format"))
    .transform((text, ctx) => {
      const centavos = parsePesoAmount(text);
      if (centavos === null) {
        ctx.addIssue({ code: "custom", message: msg("withdraw.amount_format") });
        return z.NEVER;
      }
      return centavos;
    }),
  paymentPassword: pin("withdraw.pin_required"),
});

export const WITHDRAW_INTENTS = ["set-pin", "change-pin", "bind-account", "change-account", "withdraw"] as const;
export type WithdrawIntent = (typeof WITHDRAW_INTENTS)[number];

export const schemaFor = {
  "set-pin": setPinSchema,
  "change-pin": changePinSchema,
  "bind-account": bindAccountSchema,
  "change-account": changeAccountSchema,
  withdraw: withdrawSchema,
} as const;

/** "09171234567" → "*******4567": support and audit rows never show the whole number. */
export function maskAccountNumber(number: string): string {
  return `${"*".repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}
