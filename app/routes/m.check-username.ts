import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isUsernameTaken } from "~/domain/accounts/members.server";
import { PATTERNS } from "~/domain/accounts/registration-schema";
import { requireFlag } from "~/web/guards.server";

/** Registration's live availability check. Malformed names answer null (the form explains the rule). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, db } = requireFlag(context, "REG3");
  const username = new URL(request.url).searchParams.get("username")?.trim() ?? "";
  const headers = { "Cache-Control": "no-store" };
  if (username.length < 3 || username.length > 40 || !PATTERNS.username!.test(username)) {
    return data({ available: null }, { headers });
  }
  return data({ available: !(await isUsernameTaken(db, brand, username)) }, { headers });
}
