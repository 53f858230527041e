import { createCookie, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";

/**
 * One-shot notices carried across a redirect. The cookie holds a message key
 * and short parameters, never text, and it is signed: a cookie planted by
 * someone else (a sibling sub-domain, a script on another brand) is ignored,
 * so nobody can put words into a genuine toast.
 */
const toastSchema = z.object({
  kind: z.enum(["info", "success", "fail"]),
  key: z.string().regex(/^(toast|withdraw)\.[a-zA-Z0-9_]+$/),
  params: z.record(z.string(), z.string().max(60)).optional(),
  /** "short": the spec's 1 s success toasts of account changes. */
  duration: z.enum(["short"]).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

/** Secure like every other cookie (SECURE_COOKIES, else production), signed with the server's cookie secret. */
type ToastContext = Pick<AppLoadContext, "secureCookies" | "cookieSecret">;

const toastCookie = (context: ToastContext) =>
  createCookie("toast", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 60,
    secure: context.secureCookies,
    secrets: [context.cookieSecret],
  });

export async function setToast(context: ToastContext, toast: Toast): Promise<string> {
  return toastCookie(context).serialize(toast);
}

/** The pending toast (if signed by us and valid) and the header that clears the cookie either way. */
export async function takeToast(request: Request, context: ToastContext): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, clear: null };
  const cookie = toastCookie(context);
  // A bad signature parses as null.
  const raw = await cookie.parse(cookieHeader).catch(() => null);
  const parsed = toastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    clear: await cookie.serialize("", { maxAge: 0 }),
  };
}
