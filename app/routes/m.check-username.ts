import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUsernameTaken } from "~/domain/accounts/members.server";
import { PATTERNS } from "~/domain/accounts/registration-schema";
import { takeUsernameLookup } from "~/domain/accounts/request-limits.server";
import { requireFlag } from "~/web/guards.server";
import { resourcesFor } from "~/web/locales.server";
import { translatorFor } from "~/utils/translator";

/**
 * Registration's live availability check. Malformed names answer null (the form explains the rule);
 * an address that asks too often answers 429 and learns nothing, so the check cannot list the members.
 * Whole Responses: a resource route's status and headers are lost when it returns data().
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, db, lng } = requireFlag(context, "REG3");
  const headers = { "Cache-Control": "no-store" };
  const hit = await takeUsernameLookup(db, brand, context.clientIp);
  if (!hit.allowed) {
    const message = translatorFor(lng, resourcesFor(lng)).t("errors.too_many_requests");
    return Response.json(
      { available: null, message },
      { status: 429, headers: { ...headers, "Retry-After": String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))) } },
    );
  }
  const username = new URL(request.url).searchParams.get("username")?.trim() ?? "";
  if (username.length < 3 || username.length > 40 || !PATTERNS.username!.test(username)) {
    return Response.json({ available: null }, { headers });
  }
  return Response.json({ available: !(await isUsernameTaken(db, brand, username)) }, { headers });
}
