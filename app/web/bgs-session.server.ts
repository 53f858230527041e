import { createCookie, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * The in-house game server's own session, as an outside provider keeps one: the wallet's session
 * token (or free play with the provider's play money), the game it is for and the way back.
 * Signed and HttpOnly, sent only to /bgs pages.
 */
const sessionSchema = z.object({
  mode: z.enum(["wallet", "fun"]),
  token: z.string().max(200).optional(),
  user: z.string().min(1).max(64),
  game: z.string().min(1).max(64),
  lobby: z.string().max(2000),
  playType: z.enum(["Tradition", "Entertainment"]).optional(),
  prizeMode: z.enum(["Lott", "Elott", "SEA"]).optional(),
  /** Free play only: what is left of the play money, in centavos. */
  funBalance: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});
export type BgsSession = z.infer<typeof sessionSchema>;

/** Free play starts with ₱2,000.00 of the provider's play money. */
export const FUN_BALANCE_CENTAVOS = 200_000n;

type CookieContext = Pick<AppLoadContext, "secureCookies" | "cookieSecret">;

const cookie = (context: CookieContext) =>
  createCookie("bgs", {
    path: "/bgs",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 12 * 60 * 60,
    secure: context.secureCookies,
    secrets: [context.cookieSecret],
  });

export async function readBgsSession(request: Request, context: CookieContext): Promise<BgsSession | null> {
  const parsed = sessionSchema.safeParse(await cookie(context).parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}

export function writeBgsSession(context: CookieContext, session: BgsSession): Promise<string> {
  return cookie(context).serialize({ ...session, lobby: safeRedirectPath(session.lobby) });
}
