-- A batch of plain provider calls is written set by set (ADR 0046). Under load most batches are
-- bets and wins of different players that are simply accepted; seamless_call_batch (0024) decided
-- and wrote them one at a time, some twenty statements each. seamless_batch_plain takes such a
-- batch whole, in a few statements: the members' locks, their accounts' locks, one read that
-- decides every call as seamless_money would, and one statement that writes every transfer, leg,
-- round, provider transaction and stored answer. A batch with any call that is not plain (anything
-- but a bet or win that is simply accepted, or two calls of one member) is left, before anything is
-- written, to the call-by-call loop, which decides it exactly as before.
CREATE FUNCTION "seamless_batch_plain"(p_calls jsonb, p_idle interval, p_slide interval) RETURNS jsonb
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_plain boolean;
  v_rows jsonb;
  v_answers jsonb;
BEGIN
  -- Bets and wins only, one call per member, each request and transaction id once.
  SELECT bool_and(e.value->'call'->>'action' IN ('bet', 'win'))
      AND count(DISTINCT (e.value->'call'->>'merchant', e.value->'call'->>'user')) = count(*)
      AND count(DISTINCT (e.value->'call'->>'merchant', e.value->'call'->>'provider', e.value->'call'->>'requestUuid')) = count(*)
      AND count(DISTINCT (e.value->'call'->>'merchant', e.value->'call'->>'provider', e.value->'call'->>'transactionUuid')) = count(*)
    INTO v_plain FROM jsonb_array_elements(p_calls) e;
  IF NOT coalesce(v_plain, false) THEN RETURN NULL; END IF;

  -- The locks seamless_money and wallet_post_transfer take, in the same order (the member's, then
  -- its account's, then its turnover requirement's), taken for every member of the batch at once:
  -- the members' by member id, the rows' by id, so that two batches that share a member never deadlock.
  PERFORM pg_advisory_xact_lock(24225, m.member_id) FROM (
    SELECT DISTINCT s."member_id" FROM jsonb_array_elements(p_calls) e
      JOIN "game_sessions" s ON s."token_hash" = e.value->'call'->>'tokenHash'
      ORDER BY s."member_id") m;
  PERFORM 1 FROM "wallet_accounts" a
    JOIN "game_sessions" s ON a."merchant_code" = s."merchant_code" AND a."member_id" = s."member_id"
      AND a."kind" = CASE WHEN s."demo" THEN 'demo' ELSE 'cash' END
    WHERE s."token_hash" IN (SELECT e.value->'call'->>'tokenHash' FROM jsonb_array_elements(p_calls) e)
    ORDER BY a."id" FOR UPDATE OF a;
  PERFORM 1 FROM "turnover_requirements" r
    JOIN "game_sessions" s ON r."member_id" = s."member_id" AND r."merchant_code" = s."merchant_code" AND NOT s."demo"
    WHERE s."token_hash" IN (SELECT e.value->'call'->>'tokenHash' FROM jsonb_array_elements(p_calls) e
        WHERE e.value->'call'->>'action' = 'bet')
    ORDER BY r."member_id" FOR UPDATE OF r;

  -- Each call as seamless_money decides it, read after the locks. Plain: the brand open, a request
  -- and a transaction never seen, the session and its user, the currency, an amount above zero, a
  -- ledger key unused, the member's and the house's accounts open; a bet on a live session, by an
  -- active member with no exclusion or limit on record, within the brand's most and the balance;
  -- a win for a bet of its round that stands.
  WITH c AS (
    SELECT e.ord, e.value->'call' AS c, (e.value->>'now')::timestamptz AS now, (e.value->>'maxBet')::bigint AS max_bet,
        e.value->'call'->>'merchant' AS merchant, e.value->'call'->>'provider' AS provider, e.value->'call'->>'action' AS action,
        e.value->'call'->>'requestUuid' AS request_uuid, e.value->'call'->>'transactionUuid' AS uuid,
        e.value->'call'->>'referenceTransactionUuid' AS ref, e.value->'call'->>'gameCode' AS game_code,
        e.value->'call'->>'round' AS round, coalesce((e.value->'call'->>'roundClosed')::boolean, false) AS closed,
        (e.value->'call'->>'amount')::bigint AS amount
      FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(value, ord)),
  d AS (
    SELECT c.ord, c.now, c.merchant, c.provider, c.action, c.request_uuid, c.uuid, c.ref, c.game_code, c.round, c.closed, c.amount,
        s."token_hash", s."member_id", s."demo", s."currency", m."username", a."id" AS account, a."balance_centavos" AS balance,
        h."id" AS house_account, h."kind" AS house,
        CASE WHEN c.action = 'bet' AND NOT s."demo" THEN least(coalesce(r."remaining_centavos", 0), c.amount) ELSE 0 END AS taken,
        c.action = 'bet' AND s."expires_at" < c.now + p_idle - p_slide AS slide,
        s."token_hash" IS NOT NULL AND m."id" IS NOT NULL AND a."id" IS NOT NULL AND h."id" IS NOT NULL
          AND c.c->>'currency' = s."currency" AND c.amount > 0
          AND coalesce((SELECT st."status" FROM "system_status" st WHERE st."merchant_code" = c.merchant), 0) NOT IN (1, 2)
          AND NOT EXISTS (SELECT 1 FROM "seamless_calls" k
            WHERE k."merchant_code" = c.merchant AND k."provider" = c.provider AND k."request_uuid" = c.request_uuid)
          AND NOT EXISTS (SELECT 1 FROM "seamless_transactions" t WHERE t."merchant_code" = c.merchant AND t."provider" = c.provider
            AND (t."transaction_uuid" = c.uuid OR (t."kind" = 'rollback' AND t."reference_transaction_uuid" = c.uuid)))
          AND NOT EXISTS (SELECT 1 FROM "wallet_transfers" w
            WHERE w."merchant_code" = c.merchant AND w."idempotency_key" = 'seamless:' || c.provider || ':' || c.uuid)
          AND CASE WHEN c.action = 'bet' THEN
              s."expires_at" > c.now AND m."status" = 'active' AND c.amount <= c.max_bet AND a."balance_centavos" >= c.amount
              AND NOT EXISTS (SELECT 1 FROM "member_exclusions" x
                WHERE x."member_id" = s."member_id" AND x."merchant_code" = c.merchant AND x."ends_at" > c.now)
              AND NOT EXISTS (SELECT 1 FROM "member_limits" l
                WHERE l."member_id" = s."member_id" AND l."merchant_code" = c.merchant AND l."kind" <> 'deposit')
            ELSE EXISTS (SELECT 1 FROM "seamless_transactions" b
              WHERE b."merchant_code" = c.merchant AND b."provider" = c.provider AND b."member_id" = s."member_id" AND b."round" = c.round
                AND (c.ref IS NULL OR b."transaction_uuid" = c.ref) AND b."demo" = s."demo" AND b."kind" = 'bet' AND b."status" = 'RS_OK'
                AND NOT EXISTS (SELECT 1 FROM "seamless_transactions" r WHERE r."merchant_code" = c.merchant AND r."provider" = c.provider
                  AND r."kind" = 'rollback' AND r."reference_transaction_uuid" = b."transaction_uuid")) END AS plain
      FROM c
      LEFT JOIN "game_sessions" s ON s."token_hash" = c.c->>'tokenHash' AND s."merchant_code" = c.merchant AND s."provider" = c.provider
      LEFT JOIN "members" m ON m."id" = s."member_id" AND m."merchant_code" = s."merchant_code" AND m."username" = c.c->>'user'
      LEFT JOIN "wallet_accounts" a ON a."merchant_code" = c.merchant AND a."member_id" = s."member_id"
        AND a."kind" = CASE WHEN s."demo" THEN 'demo' ELSE 'cash' END
      LEFT JOIN "wallet_accounts" h ON h."merchant_code" = c.merchant AND h."member_id" IS NULL
        AND h."kind" = CASE WHEN s."demo" THEN 'house:demo' ELSE 'house:provider:' || c.provider END
      LEFT JOIN "turnover_requirements" r ON r."member_id" = s."member_id" AND r."merchant_code" = c.merchant)
  SELECT bool_and(coalesce(d.plain, false)), jsonb_agg(to_jsonb(d) ORDER BY d.ord) INTO v_plain, v_rows FROM d;
  IF NOT v_plain THEN RETURN NULL; END IF;

  -- Everything the calls write, in one statement. The keys, references and fingerprints are the ones
  -- seamless_money and wallet_post_transfer write for the same call (a replay of the call meets them
  -- there byte for byte); the legs' trigger moves the balances and checks every transfer at its end.
  WITH b AS (
    SELECT r.*, CASE WHEN r.action = 'bet' THEN -r.amount ELSE r.amount END AS delta,
        'seamless:' || r.provider || ':' || r.uuid AS key, 'round:' || r.provider || ':' || r.round AS reference
      FROM jsonb_to_recordset(v_rows) AS r(ord integer, now timestamptz, merchant text, provider text, action text, request_uuid text,
        uuid text, ref text, game_code text, round text, closed boolean, amount bigint, token_hash text, member_id integer, demo boolean,
        currency text, username text, account integer, balance bigint, house_account integer, house text, taken bigint, slide boolean)),
  l AS (
    SELECT b.ord, 'member:' || b.member_id || ':' || CASE WHEN b.demo THEN 'demo' ELSE 'cash' END || '=' || b.delta AS mine,
        b.house || '=' || (-b.delta) AS theirs FROM b),
  t AS (
    INSERT INTO "wallet_transfers" ("merchant_code", "idempotency_key", "kind", "reference", "fingerprint")
      SELECT b.merchant, b.key, b.action, b.reference,
          encode(sha256(convert_to('[' || to_json(b.action)::text || ',' || to_json(b.reference)::text || ',null,['
            || CASE WHEN l.mine COLLATE "C" <= l.theirs COLLATE "C" THEN to_json(l.mine)::text || ',' || to_json(l.theirs)::text
               ELSE to_json(l.theirs)::text || ',' || to_json(l.mine)::text END || ']]', 'UTF8')), 'hex')
        FROM b JOIN l ON l.ord = b.ord ORDER BY b.ord
      RETURNING "id", "merchant_code", "idempotency_key"),
  a AS (
    SELECT b.*, t."id" AS transfer_id,
        jsonb_build_object('requestUuid', b.request_uuid, 'user', b.username, 'currency', b.currency, 'status', 'RS_OK',
          'balance', (b.balance + b.delta)::text, 'walletTransactionId', t."id"::text) AS answer
      FROM b JOIN t ON t."merchant_code" = b.merchant AND t."idempotency_key" = b.key),
  e AS (
    INSERT INTO "wallet_entries" ("transfer_id", "account_id", "amount_centavos")
      SELECT a.transfer_id, x.account, x.amount FROM a
        CROSS JOIN LATERAL (VALUES (a.account, a.delta), (a.house_account, -a.delta)) AS x(account, amount)
        ORDER BY a.ord, x.account),
  g AS (
    INSERT INTO "game_rounds" ("merchant_code", "member_id", "provider", "round", "game_code", "demo", "bet_centavos", "win_centavos",
        "closed", "started_at", "updated_at")
      SELECT a.merchant, a.member_id, a.provider, a.round, a.game_code, a.demo, CASE WHEN a.action = 'bet' THEN a.amount ELSE 0 END,
          CASE WHEN a.action = 'win' THEN a.amount ELSE 0 END, a.closed, a.now, a.now FROM a ORDER BY a.ord
      ON CONFLICT ("merchant_code", "provider", "member_id", "round") DO UPDATE
        SET "bet_centavos" = "game_rounds"."bet_centavos" + EXCLUDED."bet_centavos",
            "win_centavos" = "game_rounds"."win_centavos" + EXCLUDED."win_centavos",
            "closed" = "game_rounds"."closed" OR EXCLUDED."closed", "updated_at" = EXCLUDED."updated_at"),
  tv AS (
    UPDATE "turnover_requirements" r SET "remaining_centavos" = r."remaining_centavos" - a.taken, "updated_at" = a.now
      FROM a WHERE a.taken > 0 AND r."member_id" = a.member_id AND r."merchant_code" = a.merchant),
  sl AS (
    UPDATE "game_sessions" s SET "expires_at" = a.now + p_idle FROM a WHERE a.slide AND s."token_hash" = a.token_hash),
  st AS (
    INSERT INTO "seamless_transactions" ("merchant_code", "provider", "transaction_uuid", "kind", "member_id", "demo", "game_code", "round",
        "amount_centavos", "reference_transaction_uuid", "fingerprint", "transfer_id", "turnover_taken_centavos", "status", "answer", "created_at")
      SELECT a.merchant, a.provider, a.uuid, a.action, a.member_id, a.demo, a.game_code, a.round, a.amount,
          CASE WHEN a.action = 'win' THEN a.ref END,
          encode(sha256(convert_to('[' || to_json(a.action)::text || ',' || a.member_id || ',' || to_json(a.game_code)::text
            || ',' || to_json(a.round)::text || ',' || to_json(a.amount::text)::text || ',' || coalesce(to_json(a.ref)::text, 'null')
            || ',null]', 'UTF8')), 'hex'),
          a.transfer_id, a.taken, 'RS_OK', a.answer, a.now
        FROM a ORDER BY a.ord),
  k AS (
    INSERT INTO "seamless_calls" ("merchant_code", "provider", "request_uuid", "action", "answer", "created_at")
      SELECT a.merchant, a.provider, a.request_uuid, a.action, a.answer, a.now FROM a ORDER BY a.ord)
  SELECT jsonb_agg(a.answer ORDER BY a.ord) INTO v_answers FROM a;
  RETURN v_answers;
END $$;
--> statement-breakpoint

-- As in 0024, with a batch of plain calls written set by set, before anything is decided call by call.
CREATE OR REPLACE FUNCTION "seamless_call_batch"(p_calls jsonb, p_idle interval, p_slide interval) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_answers jsonb[] := '{}';
  v_call jsonb;
  v_plain jsonb := seamless_batch_plain(p_calls, p_idle, p_slide);
BEGIN
  IF v_plain IS NOT NULL THEN RETURN v_plain; END IF;
  FOR v_call IN SELECT e.value FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(value, ord) ORDER BY e.ord LOOP
    v_answers := v_answers || seamless_call(v_call->'call', (v_call->>'now')::timestamptz, (v_call->>'maxBet')::bigint, p_idle, p_slide);
  END LOOP;
  RETURN to_jsonb(v_answers);
END $$;
