import type { LoaderFunctionArgs } from "@remix-run/node";
import { isGuest } from "~/domain/accounts/member-types";
import { getAvatar } from "~/domain/accounts/profile.server";
import { notFound, requireSession } from "~/web/guards.server";

/**
 * A member's picture, shown to that member only: another member, a visitor or another brand's
 * host gets 404. The name carries the picture's version (`<member id>.<hash>`), so the browser may
 * keep it for good, privately, and a new picture gets a new URL.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { brand, db, session } = requireSession(request, context);
  const m = /^(\d{1,10})\.([0-9a-f]{16})$/.exec(params.file ?? "");
  if (!m || isGuest(session.type) || Number(m[1]) !== session.memberId) throw notFound();
  const avatar = await getAvatar(db, brand, session.memberId, m[2]!);
  if (!avatar) throw notFound();
  return new Response(new Uint8Array(avatar.bytes), {
    headers: {
      "Content-Type": avatar.contentType,
      "Content-Length": String(avatar.bytes.length),
      // The host adds nosniff and its policy to every answer (server/security.ts).
      "Cache-Control": "private, max-age=31536000, immutable",
    },
  });
}
