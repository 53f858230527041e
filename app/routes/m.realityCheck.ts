import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRealMember } from "~/domain/accounts/member-types";
import { playSince } from "~/domain/compliance/limits.server";
import { requireBrand } from "~/web/guards.server";

/**
 * The reality check's figures (issue 16, item 6): what the member's cash rounds begun since this
 * session's sign-in have won less what they staked. The reminder (components/compliance/reality-check)
 * asks here when it is due; only a signed-in real member has one.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, db, session } = requireBrand(context);
  const headers = { "Cache-Control": "private, no-store" };
  if (!session || !isRealMember(session.type)) return Response.json({ error: "not_signed_in" }, { status: 401, headers });
  const play = await playSince(db, brand, session.memberId, session.startedAt);
  return Response.json(
    { startedAt: session.startedAt.toISOString(), bets: play.bets.toString(), net: (play.wins - play.bets).toString() },
    { headers },
  );
}
