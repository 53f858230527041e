import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "./root-data";

/** The hidden field every state-changing form carries (see utils/csrf.server.ts). */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return <input type="hidden" name="csrf" value={root?.csrf ?? ""} />;
}
