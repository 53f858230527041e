-- House accounts that may go negative (gateway clearing, provider settlement, bonus, fees, adjustments,
-- demo) have no limit to guard, so they no longer keep a cached balance: every bet and deposit of a
-- brand touches the same one, and updating its row made each such transaction wait for the one
-- before it to commit. Their balance is the sum of their entries. Players' accounts and the holds
-- keep the cached balance and its CHECK, moved in the same statement as before.
CREATE OR REPLACE FUNCTION "wallet_entry_applies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "wallet_accounts" SET "balance_centavos" = "balance_centavos" + NEW."amount_centavos"
    WHERE "id" = NEW."account_id" AND NOT "may_go_negative";
  RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE "wallet_accounts" DISABLE TRIGGER "wallet_accounts_guard";--> statement-breakpoint
UPDATE "wallet_accounts" SET "balance_centavos" = 0 WHERE "may_go_negative";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ENABLE TRIGGER "wallet_accounts_guard";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_open_not_cached" CHECK (not "wallet_accounts"."may_go_negative" or "wallet_accounts"."balance_centavos" = 0);
