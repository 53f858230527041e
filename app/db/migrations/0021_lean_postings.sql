-- Fewer statements per posting, the same books (ADR 0044). A seamless bet or win ran about thirty
-- statements in the database; each costs an executor start-up whatever it does, and that, not the
-- rows written, was most of the database's time per call. The ledger keeps its shape (a transfer
-- and its entries, the cached balance under its CHECK, history append-only); what changes is how
-- many statements keep it:
-- - an insert into wallet_entries moves the cached balances and checks that its transfers balance
--   once per statement (a transition table) instead of once per row; the check is no longer
--   deferred to commit, so a transfer's legs are written in one statement, as wallet_post_transfer
--   always has;
-- - wallet_post_transfer reads its accounts in one query, and locks and checks them in another;
--   a two-leg transfer's fingerprint is an expression, not a query;
-- - a member's balance is read by a PL/pgSQL function, whose plan is kept, not by a SQL function
--   that was parsed and planned again at every call;
-- - seamless_call reads the brand's status and a replayed request in one query; seamless_money
--   reads the session and takes the member's lock in one.
DROP TRIGGER "wallet_entries_apply" ON "wallet_entries";--> statement-breakpoint
DROP TRIGGER "wallet_entries_balanced" ON "wallet_entries";--> statement-breakpoint
DROP FUNCTION "wallet_entry_applies"();--> statement-breakpoint
DROP FUNCTION "wallet_transfer_balanced"();--> statement-breakpoint
CREATE FUNCTION "wallet_entries_posted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_unbalanced record;
BEGIN
  -- Each guarded account's cached balance moves by its entries' sum, under its CHECK (an
  -- overdraft fails the statement). House accounts that may go negative keep no cached balance.
  UPDATE "wallet_accounts" a SET "balance_centavos" = a."balance_centavos" + p.amount
    FROM (SELECT "account_id", sum("amount_centavos")::bigint AS amount FROM posted GROUP BY "account_id") p
    WHERE a."id" = p."account_id" AND NOT a."may_go_negative";
  -- Every transfer the statement wrote to sums to zero over at least two legs, counting its earlier entries.
  SELECT e."transfer_id", sum(e."amount_centavos") AS total, count(*) AS legs INTO v_unbalanced
    FROM "wallet_entries" e WHERE e."transfer_id" IN (SELECT DISTINCT "transfer_id" FROM posted)
    GROUP BY e."transfer_id" HAVING sum(e."amount_centavos") <> 0 OR count(*) < 2 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'wallet transfer % does not balance (% over % legs)', v_unbalanced."transfer_id", v_unbalanced.total, v_unbalanced.legs
      USING ERRCODE = '23514', CONSTRAINT = 'wallet_transfers_balanced';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_posted" AFTER INSERT ON "wallet_entries" REFERENCING NEW TABLE AS posted
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_entries_posted"();--> statement-breakpoint

-- As in 0008, with the accounts read in one query, locked and checked in one, and a two-leg
-- fingerprint computed without a query (byte for byte the one the query computes).
CREATE OR REPLACE FUNCTION "wallet_post_transfer"(
  p_merchant text, p_key text, p_kind text, p_reference text, p_memo text, p_reverses integer,
  p_members integer[], p_kinds text[], p_amounts bigint[],
  OUT transfer_id integer, OUT transfer_created_at timestamptz, OUT outcome text
) LANGUAGE plpgsql AS $$
DECLARE
  v_print text;
  v_accounts integer[];
  v_account integer;
  v_first record;
  v_short boolean;
  v_a text;
  v_b text;
  i integer;
BEGIN
  IF array_length(p_amounts, 1) = 2 THEN
    v_a := CASE WHEN p_members[1] IS NULL THEN p_kinds[1] ELSE 'member:' || p_members[1] || ':' || p_kinds[1] END || '=' || p_amounts[1];
    v_b := CASE WHEN p_members[2] IS NULL THEN p_kinds[2] ELSE 'member:' || p_members[2] || ':' || p_kinds[2] END || '=' || p_amounts[2];
    v_print := encode(sha256(convert_to(
        '[' || to_json(p_kind)::text || ',' || to_json(p_reference)::text || ',' || coalesce(p_reverses::text, 'null') || ',['
          || CASE WHEN v_a COLLATE "C" <= v_b COLLATE "C" THEN to_json(v_a)::text || ',' || to_json(v_b)::text
             ELSE to_json(v_b)::text || ',' || to_json(v_a)::text END || ']]', 'UTF8')), 'hex');
  ELSE
    SELECT encode(sha256(convert_to(
        '[' || to_json(p_kind)::text || ',' || to_json(p_reference)::text || ',' || coalesce(p_reverses::text, 'null') || ',['
          || string_agg(to_json(l.name)::text, ',' ORDER BY l.name COLLATE "C") || ']]', 'UTF8')), 'hex')
      INTO v_print
      FROM (SELECT CASE WHEN m IS NULL THEN k ELSE 'member:' || m || ':' || k END || '=' || a AS name
              FROM unnest(p_members, p_kinds, p_amounts) AS u(m, k, a)) l;
  END IF;

  SELECT t."id", t."created_at", t."fingerprint" INTO v_first
    FROM "wallet_transfers" t WHERE t."merchant_code" = p_merchant AND t."idempotency_key" = p_key;
  IF FOUND THEN
    transfer_id := v_first."id";
    transfer_created_at := v_first."created_at";
    outcome := CASE WHEN v_first."fingerprint" = v_print THEN 'replayed' ELSE 'duplicate' END;
    RETURN;
  END IF;

  -- Each leg's account (a member's by member and kind, a house account by kind), in the legs' order.
  SELECT array_agg(coalesce(
      (SELECT a."id" FROM "wallet_accounts" a WHERE a."merchant_code" = p_merchant AND a."member_id" = u.m AND a."kind" = u.k),
      (SELECT a."id" FROM "wallet_accounts" a WHERE u.m IS NULL AND a."merchant_code" = p_merchant AND a."member_id" IS NULL AND a."kind" = u.k))
    ORDER BY u.ord) INTO v_accounts
    FROM unnest(p_members, p_kinds) WITH ORDINALITY AS u(m, k, ord);
  -- An account's first posting opens it.
  FOR i IN 1 .. array_length(p_amounts, 1) LOOP
    CONTINUE WHEN v_accounts[i] IS NOT NULL;
    INSERT INTO "wallet_accounts" ("merchant_code", "member_id", "kind", "may_go_negative")
      VALUES (p_merchant, p_members[i], p_kinds[i], p_members[i] IS NULL AND p_kinds[i] <> 'house:holds')
      ON CONFLICT DO NOTHING RETURNING "id" INTO v_account;
    IF v_account IS NULL THEN
      SELECT a."id" INTO v_account FROM "wallet_accounts" a
        WHERE a."merchant_code" = p_merchant AND a."member_id" IS NOT DISTINCT FROM p_members[i] AND a."kind" = p_kinds[i];
    END IF;
    v_accounts[i] := v_account;
    v_account := NULL;
  END LOOP;

  -- The guarded accounts are locked in id order (two transfers over the same accounts never
  -- deadlock) and held to commit; each leg is checked against the balance as locked (a row
  -- changed meanwhile is read again at its newest version before it is locked).
  SELECT coalesce(bool_or(s.short), false) INTO v_short FROM (
    SELECT a."balance_centavos" + l.amount < 0 AS short
      FROM "wallet_accounts" a JOIN unnest(v_accounts, p_amounts) AS l(id, amount) ON a."id" = l.id
      WHERE NOT a."may_go_negative" ORDER BY a."id" FOR UPDATE OF a) s;
  IF v_short THEN
    outcome := 'insufficient';
    RETURN;
  END IF;

  INSERT INTO "wallet_transfers" ("merchant_code", "idempotency_key", "kind", "reference", "fingerprint", "memo", "reverses_id")
    VALUES (p_merchant, p_key, p_kind, p_reference, v_print, p_memo, p_reverses)
    ON CONFLICT DO NOTHING
    RETURNING "id", "created_at" INTO transfer_id, transfer_created_at;
  IF transfer_id IS NULL THEN
    -- Posted meanwhile under the same key by a transaction that has since committed, or a second reversal.
    SELECT t."id", t."created_at", t."fingerprint" INTO v_first
      FROM "wallet_transfers" t WHERE t."merchant_code" = p_merchant AND t."idempotency_key" = p_key;
    transfer_id := v_first."id";
    transfer_created_at := v_first."created_at";
    outcome := CASE WHEN FOUND AND v_first."fingerprint" = v_print THEN 'replayed' ELSE 'duplicate' END;
    RETURN;
  END IF;
  -- The legs in one statement: its trigger (wallet_entries_posted) moves the cached balances under
  -- their CHECK and refuses a transfer that does not balance.
  INSERT INTO "wallet_entries" ("transfer_id", "account_id", "amount_centavos")
    SELECT transfer_id, l.id, l.amount FROM unnest(v_accounts, p_amounts) AS l(id, amount) ORDER BY l.id;
  outcome := 'posted';
END $$;
--> statement-breakpoint

-- A member's own balance of the kind (0 before the account's first entry). PL/pgSQL keeps its
-- query's plan for the session; the SQL function it replaces could not be inlined (a subquery)
-- and was parsed and planned again at every call.
CREATE OR REPLACE FUNCTION "wallet_member_balance"(p_merchant text, p_member integer, p_kind text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT a."balance_centavos" FROM "wallet_accounts" a
    WHERE a."merchant_code" = p_merchant AND a."member_id" = p_member AND a."kind" = p_kind), 0);
END $$;
--> statement-breakpoint

-- As in 0015, with the brand's status and a stored answer for this request_uuid read in one query.
CREATE OR REPLACE FUNCTION "seamless_call"(c jsonb, p_now timestamptz, p_max_bet bigint, p_idle interval, p_slide interval) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
  v_status integer;
BEGIN
  SELECT (SELECT s."status" FROM "system_status" s WHERE s."merchant_code" = c->>'merchant'),
      (SELECT s."answer" FROM "seamless_calls" s
        WHERE s."merchant_code" = c->>'merchant' AND s."provider" = c->>'provider' AND s."request_uuid" = c->>'requestUuid')
    INTO v_status, v_answer;
  IF v_status IN (1, 2) THEN RETURN jsonb_build_object('siteClosed', v_status); END IF;
  IF v_answer IS NOT NULL THEN RETURN v_answer; END IF;
  v_answer := CASE WHEN c->>'action' = 'authenticate' THEN seamless_authenticate(c, p_now, p_idle)
    ELSE seamless_money(c, p_now, p_max_bet, p_idle, p_slide) END;
  INSERT INTO "seamless_calls" ("merchant_code", "provider", "request_uuid", "action", "answer", "created_at")
    VALUES (c->>'merchant', c->>'provider', c->>'requestUuid', c->>'action', v_answer, p_now);
  RETURN v_answer;
END $$;
--> statement-breakpoint

-- As in 0017, with the session read and the member's lock taken in one query.
CREATE OR REPLACE FUNCTION "seamless_money"(c jsonb, p_now timestamptz, p_max_bet bigint, p_idle interval, p_slide interval) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant text := c->>'merchant';
  v_provider text := c->>'provider';
  v_action text := c->>'action';
  v_uuid text := c->>'transactionUuid';
  v_ref text := c->>'referenceTransactionUuid';
  v_round text := c->>'round';
  v_closed boolean := coalesce((c->>'roundClosed')::boolean, false);
  v_amount bigint := (c->>'amount')::bigint;
  v_win bigint := coalesce((c->>'winAmount')::bigint, 0);
  v_base jsonb := jsonb_build_object('requestUuid', c->'requestUuid');
  v_s record;
  v_kind text;
  v_house text;
  v_known jsonb;
  v_print text;
  v_prior record;
  v_rolled_back_first boolean := false;
  v_standing boolean;
  v_found boolean;
  v_post record;
  v_bet_transfer integer;
  v_win_transfer integer;
  v_taken bigint := 0;
  v_target record;
  v_won bigint;
  v_net bigint;
  v_answer jsonb;
  v_refusal text;
BEGIN
  -- One call of a member at a time (namespace 0x5ea1), taken as the session is read: a bet, its win
  -- and its rollback in any order and any number of times decide on what the one before committed.
  SELECT s."token_hash", s."member_id", s."demo", s."currency", s."expires_at", m."username", m."status",
      pg_advisory_xact_lock(24225, s."member_id") IS NULL AS locked INTO v_s
    FROM "game_sessions" s JOIN "members" m ON m."id" = s."member_id" AND m."merchant_code" = s."merchant_code"
    WHERE s."token_hash" = c->>'tokenHash' AND s."merchant_code" = v_merchant AND s."provider" = v_provider
      AND m."username" = c->>'user';
  IF NOT FOUND THEN
    RETURN v_base || jsonb_build_object('status', 'RS_ERROR_INVALID_TOKEN');
  END IF;
  v_kind := CASE WHEN v_s."demo" THEN 'demo' ELSE 'cash' END;
  v_house := CASE WHEN v_s."demo" THEN 'house:demo' ELSE 'house:provider:' || v_provider END;
  -- What every answer about this player carries; the balance is read again after any posting.
  v_known := v_base || jsonb_build_object('user', v_s."username", 'currency', v_s."currency");

  IF c->>'currency' IS DISTINCT FROM v_s."currency" THEN
    RETURN v_known || jsonb_build_object('status', 'RS_ERROR_WRONG_CURRENCY',
      'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
  END IF;

  IF v_action <> 'balance' THEN
    -- The content a retried transaction_uuid must repeat (as the TypeScript fingerprinted it before).
    v_print := encode(sha256(convert_to('[' || to_json(v_action)::text || ',' || v_s."member_id" || ',' || to_json(c->>'gameCode')::text
      || ',' || to_json(v_round)::text || ',' || to_json(v_amount::text)::text || ',' || coalesce(to_json(v_ref)::text, 'null')
      || ',' || CASE WHEN v_action = 'betwin' THEN to_json(v_win::text)::text ELSE 'null' END || ']', 'UTF8')), 'hex');
    -- A transaction already answered gets that answer even after its session ended: a provider retrying a
    -- bet it never heard back about must learn that the money moved, not that the token expired.
    -- The transaction of this id, and the rollback that names it, in one read.
    FOR v_prior IN SELECT t."transaction_uuid", t."kind", t."fingerprint", t."answer" FROM "seamless_transactions" t
        WHERE t."merchant_code" = v_merchant AND t."provider" = v_provider
          AND (t."transaction_uuid" = v_uuid OR (t."kind" = 'rollback' AND t."reference_transaction_uuid" = v_uuid)) LOOP
      IF v_prior."transaction_uuid" = v_uuid THEN
        IF v_prior."fingerprint" = v_print THEN RETURN v_prior."answer"; END IF;
        RETURN v_known || jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION',
          'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
      END IF;
      v_rolled_back_first := true;
    END LOOP;
  END IF;

  -- Wins and rollbacks settle what was already staked, so they are taken after the session ended; nothing new is.
  IF v_action IN ('balance', 'bet', 'betwin') THEN
    IF v_s."expires_at" <= p_now THEN
      RETURN v_known || jsonb_build_object('status', 'RS_ERROR_TOKEN_EXPIRED',
        'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
    END IF;
    -- The session lives on while it is used; its row is written at most every few minutes, not per call.
    IF v_s."expires_at" < p_now + p_idle - p_slide THEN
      UPDATE "game_sessions" SET "expires_at" = p_now + p_idle WHERE "token_hash" = v_s."token_hash";
    END IF;
  END IF;
  IF v_action = 'balance' THEN
    RETURN v_known || jsonb_build_object('status', 'RS_OK', 'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
  END IF;

  IF v_action IN ('bet', 'betwin') THEN
    IF v_s."status" <> 'active' THEN
      RETURN v_known || jsonb_build_object('status', 'RS_ERROR_USER_DISABLED',
        'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
    END IF;
    -- Responsible gaming: a cooling-off or self-exclusion that runs refuses every new stake.
    v_refusal := member_play_refusal(v_merchant, v_s."member_id", v_amount, p_now);
    IF v_refusal IS NOT NULL THEN
      RETURN v_known || jsonb_build_object('status', v_refusal,
        'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
    END IF;
    v_answer := NULL;
    IF v_amount > p_max_bet THEN
      v_answer := jsonb_build_object('status', 'RS_ERROR_LIMIT_REACHED');
    ELSIF v_rolled_back_first THEN
      -- A rollback of this bet arrived first (the provider gave up on it): the late bet must not stand.
      v_answer := jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION');
    ELSIF v_action = 'betwin' AND EXISTS (SELECT 1 FROM "seamless_transactions" t
        WHERE t."merchant_code" = v_merchant AND t."provider" = v_provider AND t."transaction_uuid" = v_uuid || '#win') THEN
      -- Another call took the id this call's win part would be kept under.
      v_answer := jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION');
    ELSIF v_amount > 0 THEN
      SELECT * INTO v_post FROM wallet_post_transfer(v_merchant, 'seamless:' || v_provider || ':' || v_uuid, 'bet',
        'round:' || v_provider || ':' || v_round, NULL, NULL, ARRAY[v_s."member_id", NULL], ARRAY[v_kind, v_house], ARRAY[-v_amount, v_amount]);
      IF v_post.outcome = 'insufficient' THEN
        v_answer := jsonb_build_object('status', 'RS_ERROR_NOT_ENOUGH_MONEY');
      ELSIF v_post.outcome <> 'posted' THEN
        -- Its ledger key names another call's posting (an id ending in #win): never post twice under one key.
        v_answer := jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION');
      END IF;
      v_bet_transfer := v_post.transfer_id;
    END IF;
    IF v_answer IS NOT NULL THEN
      -- Refused, and recorded so that a retry gets the same answer.
      v_answer := v_known || v_answer || jsonb_build_object('balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
      INSERT INTO "seamless_transactions" ("merchant_code", "provider", "transaction_uuid", "kind", "member_id", "demo", "game_code", "round",
          "amount_centavos", "reference_transaction_uuid", "fingerprint", "transfer_id", "turnover_taken_centavos", "status", "answer", "created_at")
        VALUES (v_merchant, v_provider, v_uuid, 'bet', v_s."member_id", v_s."demo", c->>'gameCode', v_round,
          v_amount, NULL, v_print, NULL, 0, v_answer->>'status', v_answer, p_now);
      RETURN v_answer;
    END IF;
    -- An accepted cash bet takes its amount off the turnover requirement (never below zero; row locked).
    IF NOT v_s."demo" AND v_amount > 0 THEN
      SELECT least(r."remaining_centavos", v_amount) INTO v_taken FROM "turnover_requirements" r
        WHERE r."member_id" = v_s."member_id" AND r."merchant_code" = v_merchant FOR UPDATE;
      v_taken := coalesce(v_taken, 0);
      IF v_taken > 0 THEN
        UPDATE "turnover_requirements" r SET "remaining_centavos" = r."remaining_centavos" - v_taken, "updated_at" = p_now
          WHERE r."member_id" = v_s."member_id" AND r."merchant_code" = v_merchant;
      END IF;
    END IF;
    IF v_win > 0 THEN
      SELECT * INTO v_post FROM wallet_post_transfer(v_merchant, 'seamless:' || v_provider || ':' || v_uuid || '#win', 'win',
        'round:' || v_provider || ':' || v_round, NULL, NULL, ARRAY[NULL, v_s."member_id"], ARRAY[v_house, v_kind], ARRAY[-v_win, v_win]);
      IF v_post.outcome <> 'posted' THEN
        RAISE EXCEPTION 'seamless bet+settle %: the ledger key of its win part is taken', v_uuid;
      END IF;
      v_win_transfer := v_post.transfer_id;
    END IF;
    -- The round the wallet keeps for the bet record, created by its first call.
    INSERT INTO "game_rounds" ("merchant_code", "member_id", "provider", "round", "game_code", "demo", "bet_centavos", "win_centavos", "closed", "started_at", "updated_at")
      VALUES (v_merchant, v_s."member_id", v_provider, v_round, c->>'gameCode', v_s."demo", v_amount, v_win, v_closed, p_now, p_now)
      ON CONFLICT ("merchant_code", "provider", "member_id", "round") DO UPDATE
        SET "bet_centavos" = "game_rounds"."bet_centavos" + EXCLUDED."bet_centavos", "win_centavos" = "game_rounds"."win_centavos" + EXCLUDED."win_centavos",
            "closed" = "game_rounds"."closed" OR EXCLUDED."closed", "updated_at" = p_now;
    v_answer := v_known || jsonb_build_object('status', 'RS_OK', 'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text,
      'walletTransactionId', coalesce(v_win_transfer, v_bet_transfer)::text);
    v_answer := jsonb_strip_nulls(v_answer);
    INSERT INTO "seamless_transactions" ("merchant_code", "provider", "transaction_uuid", "kind", "member_id", "demo", "game_code", "round",
        "amount_centavos", "reference_transaction_uuid", "fingerprint", "transfer_id", "turnover_taken_centavos", "status", "answer", "created_at")
      VALUES (v_merchant, v_provider, v_uuid, 'bet', v_s."member_id", v_s."demo", c->>'gameCode', v_round,
        v_amount, NULL, v_print, v_bet_transfer, v_taken, 'RS_OK', v_answer, p_now);
    IF v_action = 'betwin' THEN
      -- The win part of a bet+settle call: its own row, so a rollback undoes the call whole.
      INSERT INTO "seamless_transactions" ("merchant_code", "provider", "transaction_uuid", "kind", "member_id", "demo", "game_code", "round",
          "amount_centavos", "reference_transaction_uuid", "fingerprint", "transfer_id", "turnover_taken_centavos", "status", "answer", "created_at")
        VALUES (v_merchant, v_provider, v_uuid || '#win', 'win', v_s."member_id", v_s."demo", c->>'gameCode', v_round,
          v_win, v_uuid, 'part-of:' || v_uuid, v_win_transfer, 0, 'RS_OK', v_answer, p_now);
    END IF;
    RETURN v_answer;
  END IF;

  IF v_action = 'win' THEN
    -- A win pays a bet that stands (of the session's own money kind): the one named, or any accepted
    -- bet of its round. Not recorded when refused, so the retry succeeds once a late bet has landed.
    IF v_ref IS NULL THEN
      v_standing := EXISTS (SELECT 1 FROM "seamless_transactions" b
        WHERE b."merchant_code" = v_merchant AND b."provider" = v_provider AND b."member_id" = v_s."member_id" AND b."round" = v_round
          AND b."demo" = v_s."demo" AND b."kind" = 'bet' AND b."status" = 'RS_OK'
          AND NOT EXISTS (SELECT 1 FROM "seamless_transactions" r WHERE r."merchant_code" = v_merchant AND r."provider" = v_provider
            AND r."kind" = 'rollback' AND r."reference_transaction_uuid" = b."transaction_uuid"));
    ELSE
      v_standing := EXISTS (SELECT 1 FROM "seamless_transactions" b
        WHERE b."merchant_code" = v_merchant AND b."provider" = v_provider AND b."transaction_uuid" = v_ref AND b."member_id" = v_s."member_id"
          AND b."demo" = v_s."demo" AND b."kind" = 'bet' AND b."status" = 'RS_OK'
          AND NOT EXISTS (SELECT 1 FROM "seamless_transactions" r WHERE r."merchant_code" = v_merchant AND r."provider" = v_provider
            AND r."kind" = 'rollback' AND r."reference_transaction_uuid" = b."transaction_uuid"));
    END IF;
    IF NOT v_standing THEN
      RETURN v_known || jsonb_build_object('status', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
    END IF;
    IF v_amount > 0 THEN
      SELECT * INTO v_post FROM wallet_post_transfer(v_merchant, 'seamless:' || v_provider || ':' || v_uuid, 'win',
        'round:' || v_provider || ':' || v_round, NULL, NULL, ARRAY[NULL, v_s."member_id"], ARRAY[v_house, v_kind], ARRAY[-v_amount, v_amount]);
      IF v_post.outcome <> 'posted' THEN
        RETURN v_known || jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION',
          'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
      END IF;
      v_win_transfer := v_post.transfer_id;
    END IF;
    INSERT INTO "game_rounds" ("merchant_code", "member_id", "provider", "round", "game_code", "demo", "bet_centavos", "win_centavos", "closed", "started_at", "updated_at")
      VALUES (v_merchant, v_s."member_id", v_provider, v_round, c->>'gameCode', v_s."demo", 0, v_amount, v_closed, p_now, p_now)
      ON CONFLICT ("merchant_code", "provider", "member_id", "round") DO UPDATE
        SET "bet_centavos" = "game_rounds"."bet_centavos" + EXCLUDED."bet_centavos", "win_centavos" = "game_rounds"."win_centavos" + EXCLUDED."win_centavos",
            "closed" = "game_rounds"."closed" OR EXCLUDED."closed", "updated_at" = p_now;
    v_answer := jsonb_strip_nulls(v_known || jsonb_build_object('status', 'RS_OK',
      'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text, 'walletTransactionId', v_win_transfer::text));
    INSERT INTO "seamless_transactions" ("merchant_code", "provider", "transaction_uuid", "kind", "member_id", "demo", "game_code", "round",
        "amount_centavos", "reference_transaction_uuid", "fingerprint", "transfer_id", "turnover_taken_centavos", "status", "answer", "created_at")
      VALUES (v_merchant, v_provider, v_uuid, 'win', v_s."member_id", v_s."demo", c->>'gameCode', v_round,
        v_amount, v_ref, v_print, v_win_transfer, 0, 'RS_OK', v_answer, p_now);
    RETURN v_answer;
  END IF;

  IF v_action = 'rollback' THEN
    SELECT t."transaction_uuid", t."kind", t."member_id", t."demo", t."round", t."amount_centavos", t."status", t."turnover_taken_centavos"
      INTO v_target FROM "seamless_transactions" t
      WHERE t."merchant_code" = v_merchant AND t."provider" = v_provider AND t."transaction_uuid" = v_ref;
    v_found := FOUND;
    IF v_found AND (v_target."kind" <> 'bet' OR v_target."member_id" <> v_s."member_id" OR v_target."demo" <> v_s."demo") THEN
      RETURN v_known || jsonb_build_object('status', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
    END IF;
    IF EXISTS (SELECT 1 FROM "seamless_transactions" r WHERE r."merchant_code" = v_merchant AND r."provider" = v_provider
        AND r."kind" = 'rollback' AND r."reference_transaction_uuid" = v_ref) THEN
      RETURN v_known || jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION',
        'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
    END IF;
    IF v_found AND v_target."status" = 'RS_OK' THEN
      -- A bet+settle call is undone whole: its stake comes back and its win goes.
      v_won := coalesce((SELECT t."amount_centavos" FROM "seamless_transactions" t WHERE t."merchant_code" = v_merchant
        AND t."provider" = v_provider AND t."transaction_uuid" = v_ref || '#win'), 0);
      v_net := v_target."amount_centavos" - v_won;
      IF v_net <> 0 THEN
        SELECT * INTO v_post FROM wallet_post_transfer(v_merchant, 'seamless:' || v_provider || ':' || v_uuid, 'rollback',
          'round:' || v_provider || ':' || v_target."round", NULL, NULL, ARRAY[NULL, v_s."member_id"], ARRAY[v_house, v_kind], ARRAY[-v_net, v_net]);
        IF v_post.outcome = 'insufficient' THEN
          RETURN v_known || jsonb_build_object('status', 'RS_ERROR_NOT_ENOUGH_MONEY',
            'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
        ELSIF v_post.outcome <> 'posted' THEN
          RETURN v_known || jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION',
            'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text);
        END IF;
        v_bet_transfer := v_post.transfer_id;
      END IF;
      IF v_target."turnover_taken_centavos" > 0 THEN
        UPDATE "turnover_requirements" r SET "remaining_centavos" = r."remaining_centavos" + v_target."turnover_taken_centavos", "updated_at" = p_now
          WHERE r."member_id" = v_s."member_id" AND r."merchant_code" = v_merchant;
      END IF;
      UPDATE "game_rounds" g SET "bet_centavos" = g."bet_centavos" - v_target."amount_centavos", "win_centavos" = g."win_centavos" - v_won,
          "closed" = g."closed" OR v_closed, "updated_at" = p_now
        WHERE g."merchant_code" = v_merchant AND g."provider" = v_provider AND g."member_id" = v_s."member_id" AND g."round" = v_target."round";
    END IF;
    -- A rollback of a bet never seen is recorded all the same, so that the late bet is refused.
    v_answer := jsonb_strip_nulls(v_known || jsonb_build_object('status', 'RS_OK',
      'balance', wallet_member_balance(v_merchant, v_s."member_id", v_kind)::text, 'walletTransactionId', v_bet_transfer::text));
    INSERT INTO "seamless_transactions" ("merchant_code", "provider", "transaction_uuid", "kind", "member_id", "demo", "game_code", "round",
        "amount_centavos", "reference_transaction_uuid", "fingerprint", "transfer_id", "turnover_taken_centavos", "status", "answer", "created_at")
      VALUES (v_merchant, v_provider, v_uuid, 'rollback', v_s."member_id", v_s."demo", c->>'gameCode', v_round,
        CASE WHEN v_found THEN v_target."amount_centavos" ELSE v_amount END, v_ref, v_print, v_bet_transfer, 0, 'RS_OK', v_answer, p_now);
    RETURN v_answer;
  END IF;
  RAISE EXCEPTION 'unknown seamless action %', v_action;
END $$;
