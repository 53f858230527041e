/**
 * The current address with `cp` naming the contract prompts still to show (or without it when none
 * remain): how a prompt's Cancel, or the login pop-ups' close, works without JavaScript.
 */
export function promptsHref(pathname: string, search: string, kinds: readonly string[]): string {
  const params = new URLSearchParams(search);
  params.delete("cp");
  if (kinds.length > 0) params.set("cp", kinds.join(","));
  const query = params.toString().replace(/%2C/g, ",");
  return query ? `${pathname}?${query}` : pathname;
}
