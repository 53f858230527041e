import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { FlagName, Flags } from "~/brand/flags";
import type { LanguageId } from "~/utils/languages";
import type { Brand } from "~/brand/schema";
import { isAgent, isRealMember } from "~/domain/accounts/member-types";
import type { SessionView } from "~/domain/accounts/sessions.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * Guards: the first line of every loader and action that needs one. Each
 * returns the context narrowed to what it proved, or throws the answer
 * (a 404, or a redirect) so the route body never runs.
 */
export type BrandContext = AppLoadContext & { brand: Brand; flags: Flags; lng: LanguageId };
export type SignedIn = BrandContext & { session: SessionView };

/** A page or feature that does not exist here: the same 404 whatever the reason. */
export function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

/**
 * Off to sign in, and back to `path` afterwards. Home needs no redirectTo
 * (signing in lands there anyway), and only a same-site path is carried.
 */
export function loginRedirect(path: string | null | undefined): Response {
  const back = safeRedirectPath(path);
  return redirect(back === "/m/home" ? "/m/login" : `/m/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The path and query a request asked for: where a login should come back to. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** A brand serves this host (the server resolved it, with its flags and language). */
export function requireBrand(context: AppLoadContext): BrandContext {
  if (!context.brand || !context.flags || !context.lng) throw notFound();
  return context as BrandContext;
}

/** Any signed-in session (guests included); otherwise off to /m/login and back. */
export function requireSession(request: Request, context: AppLoadContext): SignedIn {
  const c = requireBrand(context);
  if (!c.session) throw loginRedirect(pathOf(request));
  return c as SignedIn;
}

/**
 * A real member (types 0, 1, 2). Guests go to the member centre, which answers
 * them with free_reject; `orElse` sends everyone else to one page instead (spec §2 /m/changePsw: home).
 */
export function requireMember(request: Request, context: AppLoadContext, opts: { orElse?: string } = {}): SignedIn {
  if (opts.orElse) {
    const c = requireBrand(context);
    if (!c.session || !isRealMember(c.session.type)) throw redirect(opts.orElse);
    return c as SignedIn;
  }
  const signed = requireSession(request, context);
  if (!isRealMember(signed.session.type)) throw redirect("/m/member/home");
  return signed;
}

/**
 * A wallet of real money: real members (0, 1, 2), and agent-only accounts (41, 42), whose commissions
 * are paid into theirs (issue 17) and who withdraw them like a player. Guests and type 40 go to the
 * member centre.
 */
export function requireWallet(request: Request, context: AppLoadContext): SignedIn {
  const signed = requireSession(request, context);
  if (!isRealMember(signed.session.type) && !isAgent(signed.session.type)) throw redirect("/m/member/home");
  return signed;
}

export function requireAgent(request: Request, context: AppLoadContext): SignedIn {
  const signed = requireSession(request, context);
  if (!isAgent(signed.session.type)) throw redirect("/m/home");
  return signed;
}

/** Sign-in and registration pages: a real member who is already signed in goes home (guests may still sign up). */
export function requireAnonymous(context: AppLoadContext): BrandContext {
  const c = requireBrand(context);
  if (c.session && isRealMember(c.session.type)) throw redirect("/m/home");
  return c;
}

/** A feature switched off for this brand answers 404, as if it did not exist. */
export function requireFlag(context: AppLoadContext, ...flags: FlagName[]): BrandContext {
  const c = requireBrand(context);
  if (!flags.every((flag) => c.flags[flag])) throw notFound();
  return c;
}
