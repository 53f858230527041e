import { useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext } from "react";
import type { RootData } from "./root-data";

/**
 * The token CsrfInput writes when one is given here rather than read from the root loader: the
 * server's rendering of a lobby row once for everyone (ADR 0022) writes a slot its copies fill in.
 */
export const CsrfTokenContext = createContext<string | null>(null);

/** The hidden field every state-changing form carries (see utils/csrf.server.ts). */
export function CsrfInput() {
  const given = useContext(CsrfTokenContext);
  return given === null ? <RootCsrfInput /> : <input type="hidden" name="csrf" value={given} />;
}

function RootCsrfInput() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return <input type="hidden" name="csrf" value={root?.csrf ?? ""} />;
}
