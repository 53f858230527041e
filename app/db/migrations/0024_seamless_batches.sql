-- Provider calls answered in batches (ADR 0045). Under load the API sends the calls that queued in
-- one lane as one statement: each is decided by seamless_call exactly as alone, in order, in one
-- transaction, so a batch costs one round trip, one commit and one set of the functions' working
-- state instead of one per call. Any error fails the whole batch, which changes nothing; the API
-- then sends its calls again one by one.
CREATE FUNCTION "seamless_call_batch"(p_calls jsonb, p_idle interval, p_slide interval) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_answers jsonb[] := '{}';
  v_call jsonb;
BEGIN
  FOR v_call IN SELECT e.value FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(value, ord) ORDER BY e.ord LOOP
    v_answers := v_answers || seamless_call(v_call->'call', (v_call->>'now')::timestamptz, (v_call->>'maxBet')::bigint, p_idle, p_slide);
  END LOOP;
  RETURN to_jsonb(v_answers);
END $$;
