/**
 * A database error's SQLSTATE and constraint, whichever engine raised it: drizzle wraps the
 * driver's error in `cause`; pg and PGlite both carry `code`, `constraint` and `message`.
 */
export interface DbErrorInfo {
  code: string;
  constraint: string;
  message: string;
}

export function dbErrorInfo(err: unknown): DbErrorInfo | null {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === "string" ? e.constraint : "", message: String(e.message ?? "") };
    }
    e = e.cause as typeof e;
  }
  return null;
}

/** A CHECK violation (23514) or a unique violation (23505) of the named constraint or index. */
export function violates(err: unknown, code: "23514" | "23505", name: string): boolean {
  const info = dbErrorInfo(err);
  return !!info && info.code === code && (info.constraint === name || info.message.includes(name));
}
