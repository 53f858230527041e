-- The ledger's posting and the seamless-wallet calls as database functions: each provider call is
-- one statement (one round trip) instead of a dozen, which is what lets one machine answer a
-- thousand bet+win pairs a second (ADR 0017). The rules are those the TypeScript held before, and
-- the TypeScript now only reads, signs and calls: ledger.server.ts's postTransfer calls
-- wallet_post_transfer; seamless.server.ts's handleSeamlessCall calls seamless_call.

-- Led by the member: a lookup by transaction id (merchant, provider, id) can then only take the unique
-- index, even before the table has statistics (the planner saw the two as equal on an empty table).
DROP INDEX "seamless_tx_round_idx";--> statement-breakpoint
CREATE INDEX "seamless_tx_round_idx" ON "seamless_transactions" USING btree ("member_id","round","merchant_code","provider");--> statement-breakpoint

-- Posts one transfer under its idempotency key, or answers the one posted before under it.
-- Outcome: 'posted'; 'replayed' (same key, same content: nothing moved); 'duplicate' (same key with
-- other content, or a second reversal of one transfer: nothing moved); 'insufficient' (an account
-- that may not go negative would have: nothing moved). The content compared on a replay is the
-- SHA-256 of the JSON array [kind, reference, reverses, legs sorted by name] that the TypeScript
-- ledger computed before this function existed, byte for byte, so earlier keys replay unchanged.
CREATE FUNCTION "wallet_post_transfer"(
  p_merchant text, p_key text, p_kind text, p_reference text, p_memo text, p_reverses integer,
  p_members integer[], p_kinds text[], p_amounts bigint[],
  OUT transfer_id integer, OUT transfer_created_at timestamptz, OUT outcome text
) LANGUAGE plpgsql AS $$
DECLARE
  v_print text;
  v_accounts integer[] := '{}';
  v_account integer;
  v_first record;
  i integer;
BEGIN
  SELECT encode(sha256(convert_to(
      '[' || to_json(p_kind)::text || ',' || to_json(p_reference)::text || ',' || coalesce(p_reverses::text, 'null') || ',['
        || string_agg(to_json(l.name)::text, ',' ORDER BY l.name COLLATE "C") || ']]', 'UTF8')), 'hex')
    INTO v_print
    FROM (SELECT CASE WHEN m IS NULL THEN k ELSE 'member:' || m || ':' || k END || '=' || a AS name
            FROM unnest(p_members, p_kinds, p_amounts) AS u(m, k, a)) l;

  SELECT t."id", t."created_at", t."fingerprint" INTO v_first
    FROM "wallet_transfers" t WHERE t."merchant_code" = p_merchant AND t."idempotency_key" = p_key;
  IF FOUND THEN
    transfer_id := v_first."id";
    transfer_created_at := v_first."created_at";
    outcome := CASE WHEN v_first."fingerprint" = v_print THEN 'replayed' ELSE 'duplicate' END;
    RETURN;
  END IF;

  FOR i IN 1 .. array_length(p_amounts, 1) LOOP
    IF p_members[i] IS NULL THEN
      SELECT a."id" INTO v_account FROM "wallet_accounts" a
        WHERE a."merchant_code" = p_merchant AND a."member_id" IS NULL AND a."kind" = p_kinds[i];
    ELSE
      SELECT a."id" INTO v_account FROM "wallet_accounts" a
        WHERE a."merchant_code" = p_merchant AND a."member_id" = p_members[i] AND a."kind" = p_kinds[i];
    END IF;
    IF v_account IS NULL THEN
      INSERT INTO "wallet_accounts" ("merchant_code", "member_id", "kind", "may_go_negative")
        VALUES (p_merchant, p_members[i], p_kinds[i], p_members[i] IS NULL AND p_kinds[i] <> 'house:holds')
        ON CONFLICT DO NOTHING RETURNING "id" INTO v_account;
      IF v_account IS NULL THEN
        SELECT a."id" INTO v_account FROM "wallet_accounts" a
          WHERE a."merchant_code" = p_merchant AND a."member_id" IS NOT DISTINCT FROM p_members[i] AND a."kind" = p_kinds[i];
      END IF;
    END IF;
    v_accounts := v_accounts || v_account;
    v_account := NULL;
  END LOOP;

  -- The guarded accounts are locked in id order (two transfers over the same accounts never
  -- deadlock) and held to commit, so the balance read here is the one the entries will move.
  PERFORM 1 FROM "wallet_accounts" a WHERE a."id" = ANY (v_accounts) AND NOT a."may_go_negative" ORDER BY a."id" FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM "wallet_accounts" a JOIN unnest(v_accounts, p_amounts) AS l(id, amount) ON a."id" = l.id
      WHERE NOT a."may_go_negative" AND a."balance_centavos" + l.amount < 0
  ) THEN
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
  -- Each entry moves its account's cached balance (trigger wallet_entries_apply) under the CHECK.
  INSERT INTO "wallet_entries" ("transfer_id", "account_id", "amount_centavos")
    SELECT transfer_id, l.id, l.amount FROM unnest(v_accounts, p_amounts) AS l(id, amount) ORDER BY l.id;
  outcome := 'posted';
END $$;
--> statement-breakpoint

-- A member's own balance of the kind (0 before the account's first entry).
CREATE FUNCTION "wallet_member_balance"(p_merchant text, p_member integer, p_kind text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT a."balance_centavos" FROM "wallet_accounts" a
    WHERE a."merchant_code" = p_merchant AND a."member_id" = p_member AND a."kind" = p_kind), 0)
$$;
--> statement-breakpoint

-- authenticate: exchanges a single-use launch token (by hash) for a game session whose token the
-- caller generated (c.sessionToken, stored by c.sessionTokenHash).
CREATE FUNCTION "seamless_authenticate"(c jsonb, p_now timestamptz, p_idle interval) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant text := c->>'merchant';
  v_provider text := c->>'provider';
  v_base jsonb := jsonb_build_object('requestUuid', c->'requestUuid');
  v_used record;
  v_member record;
  v_answer jsonb;
BEGIN
  UPDATE "launch_tokens" t SET "used_at" = p_now
    WHERE t."token_hash" = c->>'launchTokenHash' AND t."merchant_code" = v_merchant AND t."provider" = v_provider
      AND t."used_at" IS NULL AND t."expires_at" > p_now
    RETURNING t."member_id", t."game_code", t."currency", t."demo" INTO v_used;
  IF NOT FOUND THEN
    RETURN v_base || jsonb_build_object('status', CASE WHEN EXISTS (
      SELECT 1 FROM "launch_tokens" t WHERE t."token_hash" = c->>'launchTokenHash' AND t."merchant_code" = v_merchant
        AND t."provider" = v_provider AND t."used_at" IS NULL) THEN 'RS_ERROR_TOKEN_EXPIRED' ELSE 'RS_ERROR_INVALID_TOKEN' END);
  END IF;
  SELECT m."username", m."status" INTO v_member FROM "members" m WHERE m."id" = v_used."member_id" AND m."merchant_code" = v_merchant;
  IF NOT FOUND THEN
    RETURN v_base || jsonb_build_object('status', 'RS_ERROR_INVALID_TOKEN');
  END IF;
  v_answer := v_base || jsonb_build_object('user', v_member."username", 'currency', v_used."currency", 'balance',
    wallet_member_balance(v_merchant, v_used."member_id", CASE WHEN v_used."demo" THEN 'demo' ELSE 'cash' END)::text);
  IF v_member."status" <> 'active' THEN
    RETURN v_answer || jsonb_build_object('status', 'RS_ERROR_USER_DISABLED');
  END IF;
  INSERT INTO "game_sessions" ("token_hash", "merchant_code", "member_id", "provider", "game_code", "currency", "demo", "created_at", "expires_at")
    VALUES (c->>'sessionTokenHash', v_merchant, v_used."member_id", v_provider, v_used."game_code", v_used."currency", v_used."demo", p_now, p_now + p_idle);
  RETURN v_answer || jsonb_build_object('status', 'RS_OK', 'token', c->'sessionToken', 'gameCode', v_used."game_code");
END $$;
--> statement-breakpoint

-- balance, bet, betwin, win and rollback under the member's lock. Every money movement is one
-- wallet_post_transfer; the transaction row keeps its answer, so a retried transaction_uuid gets it.
CREATE FUNCTION "seamless_money"(c jsonb, p_now timestamptz, p_max_bet bigint, p_idle interval, p_slide interval) RETURNS jsonb
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
BEGIN
  SELECT s."token_hash", s."member_id", s."demo", s."currency", s."expires_at", m."username", m."status" INTO v_s
    FROM "game_sessions" s JOIN "members" m ON m."id" = s."member_id" AND m."merchant_code" = s."merchant_code"
    WHERE s."token_hash" = c->>'tokenHash' AND s."merchant_code" = v_merchant AND s."provider" = v_provider;
  IF NOT FOUND THEN
    RETURN v_base || jsonb_build_object('status', 'RS_ERROR_INVALID_TOKEN');
  END IF;
  IF v_s."username" IS DISTINCT FROM c->>'user' THEN
    RETURN v_base || jsonb_build_object('status', 'RS_ERROR_INVALID_TOKEN');
  END IF;
  -- One call of a member at a time (namespace 0x5ea1): a bet, its win and its rollback in any order
  -- and any number of times decide on what the one before committed.
  PERFORM pg_advisory_xact_lock(24225, v_s."member_id");
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
--> statement-breakpoint

-- One provider call: the answer a request_uuid got before, or the call decided and its answer stored
-- with it. A concurrent copy of the same request_uuid fails on the unique index and changes nothing;
-- the caller then reads the first answer.
CREATE FUNCTION "seamless_call"(c jsonb, p_now timestamptz, p_max_bet bigint, p_idle interval, p_slide interval) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
BEGIN
  SELECT s."answer" INTO v_answer FROM "seamless_calls" s
    WHERE s."merchant_code" = c->>'merchant' AND s."provider" = c->>'provider' AND s."request_uuid" = c->>'requestUuid';
  IF FOUND THEN RETURN v_answer; END IF;
  v_answer := CASE WHEN c->>'action' = 'authenticate' THEN seamless_authenticate(c, p_now, p_idle)
    ELSE seamless_money(c, p_now, p_max_bet, p_idle, p_slide) END;
  INSERT INTO "seamless_calls" ("merchant_code", "provider", "request_uuid", "action", "answer", "created_at")
    VALUES (c->>'merchant', c->>'provider', c->>'requestUuid', c->>'action', v_answer, p_now);
  RETURN v_answer;
END $$;
