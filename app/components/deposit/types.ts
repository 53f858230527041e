/** What the deposit screens get from their loaders: money as centavo strings, never a number. */

export type ChannelId = "gcash" | "maya" | "qrph" | "online_banking" | "otc";
export type OrderState = "pending" | "paid" | "failed" | "expired";

export interface ChannelView {
  id: ChannelId;
  min: string;
  max: string;
  quickAmounts: string[];
  fee: { payer: "player" | "house"; percentBps: number; fixed: string };
}

export interface QuoteView {
  channel: ChannelId;
  amount: string;
  fee: string;
  credit: string;
  feePayer: "player" | "house";
}

/** Messages as locale keys with parameters (see utils/form-errors.ts), per field and for the form. */
export interface DepositErrors {
  channel?: string[];
  amount?: string[];
  form?: string[];
}
