import { createCookie, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { FirebaseIdentity } from "~/domain/accounts/ports";

/**
 * A social sign-in whose identity has no account yet waits here while the player completes the
 * registration (/m/register/social): the identity the server verified, in a signed cookie of ten
 * minutes. Signed, so nobody can put an identity in it that the server did not verify; short, so a
 * shared phone does not keep it.
 */
const pendingSchema = z.object({
  identity: z.object({
    uid: z.string().min(1).max(128),
    email: z.string().max(254).optional(),
    emailVerified: z.boolean(),
    phoneNumber: z.string().max(20).optional(),
    name: z.string().max(200).optional(),
    provider: z.string().max(40),
  }),
  redirectTo: z.string().max(2000).nullable(),
});
export type PendingSocialSignup = z.infer<typeof pendingSchema>;

type CookieContext = Pick<AppLoadContext, "secureCookies" | "cookieSecret">;

const cookie = (context: CookieContext) =>
  createCookie("social-signup", {
    path: "/m",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 600,
    secure: context.secureCookies,
    secrets: [context.cookieSecret],
  });

export function holdSocialSignup(context: CookieContext, identity: FirebaseIdentity, redirectTo: string | null): Promise<string> {
  const { uid, email, emailVerified, phoneNumber, name, provider } = identity;
  return cookie(context).serialize({ identity: { uid, email, emailVerified, phoneNumber, name, provider }, redirectTo });
}

/** The verified identity waiting for its registration, or null (none, expired, or not signed by us). */
export async function pendingSocialSignup(request: Request, context: CookieContext): Promise<PendingSocialSignup | null> {
  const parsed = pendingSchema.safeParse(await cookie(context).parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}

export function dropSocialSignup(context: CookieContext): Promise<string> {
  return cookie(context).serialize("", { maxAge: 0 });
}
