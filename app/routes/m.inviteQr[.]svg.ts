import type { LoaderFunctionArgs } from "@remix-run/node";
import { referralQrSvg } from "~/domain/accounts/referral.server";
import { notFound, requireSession } from "~/web/guards.server";
import { inviteOf } from "~/web/invite.server";

/**
 * The QR code of the signed-in member's referral link, for the invite panel. Members without a
 * referral entry (guests, agents, AFFMAN3 off) get the 404 of a feature that is not there.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = requireSession(request, context);
  const invite = await inviteOf(request, signed);
  if (!invite) throw notFound();
  return new Response(await referralQrSvg(invite.link), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // The member's own link: no cache may keep it past the session.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
