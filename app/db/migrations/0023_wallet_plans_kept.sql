-- The wallet's functions keep their query plans (ADR 0045). PL/pgSQL plans each statement for its
-- first five calls with the values given, then keeps a generic plan only if it costs no more than
-- those did. Two statements never passed that test and were planned again at every call: the
-- lookup of a transfer's accounts in wallet_post_transfer (an unnest of its legs, whose length the
-- generic plan does not know: 74 µs to plan, 30 µs to run) and the bet+settle check in
-- seamless_money. Every statement in these two functions reads by key, so a generic plan is the
-- plan the values would choose; the functions now always use it.
ALTER FUNCTION "wallet_post_transfer"(text, text, text, text, text, integer, integer[], text[], bigint[])
  SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION "seamless_money"(jsonb, timestamptz, bigint, interval, interval)
  SET plan_cache_mode = force_generic_plan;
