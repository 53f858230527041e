import type { TFunction } from "./translator";

/**
 * Validation messages travel as locale keys (with optional parameters), never
 * as text, so the client and the server produce the same words in the
 * player's language. `validation.reg_pattern_username|min=6&max=16`
 */
export function msg(key: string, params?: Record<string, string | number>): string {
  if (!params) return key;
  return `${key}|${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}

export function translateError(t: TFunction, message: string): string {
  const bar = message.indexOf("|");
  const key = bar < 0 ? message : message.slice(0, bar);
  const params = bar < 0 ? {} : Object.fromEntries(new URLSearchParams(message.slice(bar + 1)));
  // Only our own keys are translated; anything else (a library's default text) becomes the generic error.
  if (!/^(validation|auth|errors|withdraw|turnover|(?:deposit|settings|rg|kyc|agent)\.errors)\.[A-Za-z0-9_]+$/.test(key))
    return t("errors.unknown");
  // The spec's registration templates say "(min)" and "(max)"; i18next's own {{min}} works too.
  return t(key, params)
    .replaceAll("(min)", params.min ?? "")
    .replaceAll("(max)", params.max ?? "");
}
