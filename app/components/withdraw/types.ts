import type { Submission } from "@conform-to/react";

/** What the withdraw screen shows, as the loader hands it over (money as centavo strings). */
export type WithdrawalStateView = "pending" | "approved" | "paid" | "rejected" | "failed";

export interface WithdrawalItem {
  id: string;
  amount: string;
  state: WithdrawalStateView;
  /** Why it was rejected or failed. */
  reason: string | null;
  /** YYYY-MM-DD HH:mm, Manila time. */
  at: string;
}

export interface PayoutAccountView {
  method: "gcash" | "maya" | "bank";
  bank: string | null;
  /** Only the last 4 digits are shown. */
  maskedNumber: string;
  holderName: string;
}

export interface WithdrawLimits {
  withdrawable: string;
  min: string;
  max: string;
  dailyCount: number;
  remainingToday: number;
}

/** The forms' fields travel as text; the route's zod schemas turn them into values. */
export type FormFields = Record<string, string>;

/** The route's schema check for a form, run in the browser as the player types (conform). */
export type Validate = (ctx: { formData: FormData }) => Submission<FormFields, string[]>;
