import { createCookie, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";

/**
 * One-shot notices carried across a redirect. The cookie holds a message key,
 * never text, so nobody can plant words in a player's page through it.
 */
const toastSchema = z.object({
  kind: z.enum(["info", "success", "fail"]),
  key: z.string().regex(/^toast\.[a-zA-Z0-9_]+$/),
  params: z.record(z.string(), z.string().max(60)).optional(),
  /** "short": the spec's 1 s success toasts of account changes. */
  duration: z.enum(["short"]).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const toastCookie = createCookie("toast", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60,
});

/** Secure like every other cookie: by the request's context (SECURE_COOKIES, else production). */
type Secure = Pick<AppLoadContext, "secureCookies">;

export async function setToast(context: Secure, toast: Toast): Promise<string> {
  return toastCookie.serialize(toast, { secure: context.secureCookies });
}

/** The pending toast (if valid) and the header that clears it. */
export async function takeToast(request: Request, context: Secure): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, clear: null };
  const raw = await toastCookie.parse(cookieHeader).catch(() => null);
  const parsed = toastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    clear: await toastCookie.serialize("", { maxAge: 0, secure: context.secureCookies }),
  };
}
