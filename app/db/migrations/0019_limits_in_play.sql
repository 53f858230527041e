-- Responsible-gaming limits join the exclusions in the one function the seamless-wallet API asks
-- before every stake (migration 0017, ADR 0033), under the member's lock that seamless_money holds:
-- - bet limit: the cash bets of rounds begun in the period, plus this stake, may not pass it;
-- - loss limit: the net loss (bets less wins, never below 0) of those rounds, plus this stake, may not pass it;
-- - session limit: no stake once the member's latest sign-in is that many minutes old.
-- The limit in force of a kind and period is its newest row whose time has come (member_limits);
-- periods are Manila's calendar (UTC+8 all year): the day, the week from Monday, the month.
CREATE OR REPLACE FUNCTION "member_play_refusal"(p_merchant text, p_member integer, p_amount bigint, p_now timestamptz) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_limit record;
  v_local timestamp := (p_now AT TIME ZONE 'UTC') + interval '8 hours';
  v_since timestamptz;
  v_signed_in timestamptz;
  v_bets bigint;
  v_wins bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM "member_exclusions" e
      WHERE e."member_id" = p_member AND e."merchant_code" = p_merchant AND e."starts_at" <= p_now AND e."ends_at" > p_now) THEN
    RETURN 'RS_ERROR_USER_DISABLED';
  END IF;
  FOR v_limit IN
    SELECT DISTINCT ON (l."kind", l."period") l."kind", l."period", l."amount" FROM "member_limits" l
      WHERE l."member_id" = p_member AND l."merchant_code" = p_merchant AND l."effective_at" <= p_now AND l."kind" <> 'deposit'
      ORDER BY l."kind", l."period", l."id" DESC
  LOOP
    CONTINUE WHEN v_limit."amount" IS NULL;
    IF v_limit."kind" = 'session' THEN
      SELECT max(s."created_at") INTO v_signed_in FROM "sessions" s
        WHERE s."member_id" = p_member AND s."merchant_code" = p_merchant AND s."created_at" <= p_now;
      IF v_signed_in IS NOT NULL AND p_now - v_signed_in >= make_interval(mins => v_limit."amount"::integer) THEN
        RETURN 'RS_ERROR_LIMIT_REACHED';
      END IF;
      CONTINUE;
    END IF;
    v_since := (date_trunc(v_limit."period", v_local) - interval '8 hours') AT TIME ZONE 'UTC';
    SELECT coalesce(sum(g."bet_centavos"), 0), coalesce(sum(g."win_centavos"), 0) INTO v_bets, v_wins FROM "game_rounds" g
      WHERE g."merchant_code" = p_merchant AND g."member_id" = p_member AND NOT g."demo" AND g."started_at" >= v_since;
    IF v_limit."kind" = 'bet' AND v_bets + p_amount > v_limit."amount" THEN RETURN 'RS_ERROR_LIMIT_REACHED'; END IF;
    IF v_limit."kind" = 'loss' AND greatest(v_bets - v_wins, 0) + p_amount > v_limit."amount" THEN RETURN 'RS_ERROR_LIMIT_REACHED'; END IF;
  END LOOP;
  RETURN NULL;
END $$;
