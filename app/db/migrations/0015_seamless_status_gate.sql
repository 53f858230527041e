-- The brand's status gate moves into the provider call's one statement (ADR 0017, ADR 0031): the
-- seamless-wallet API no longer reads system_status in a round trip of its own before every call.
-- A closed brand (status 1 or 2) decides and stores nothing: the answer {"siteClosed": status} tells
-- the API to send its 503, and a retry once the brand reopens is decided as if it were the first.
CREATE OR REPLACE FUNCTION "seamless_call"(c jsonb, p_now timestamptz, p_max_bet bigint, p_idle interval, p_slide interval) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
  v_status integer;
BEGIN
  SELECT s."status" INTO v_status FROM "system_status" s WHERE s."merchant_code" = c->>'merchant';
  IF v_status IN (1, 2) THEN RETURN jsonb_build_object('siteClosed', v_status); END IF;
  SELECT s."answer" INTO v_answer FROM "seamless_calls" s
    WHERE s."merchant_code" = c->>'merchant' AND s."provider" = c->>'provider' AND s."request_uuid" = c->>'requestUuid';
  IF FOUND THEN RETURN v_answer; END IF;
  v_answer := CASE WHEN c->>'action' = 'authenticate' THEN seamless_authenticate(c, p_now, p_idle)
    ELSE seamless_money(c, p_now, p_max_bet, p_idle, p_slide) END;
  INSERT INTO "seamless_calls" ("merchant_code", "provider", "request_uuid", "action", "answer", "created_at")
    VALUES (c->>'merchant', c->>'provider', c->>'requestUuid', c->>'action', v_answer, p_now);
  RETURN v_answer;
END $$;
