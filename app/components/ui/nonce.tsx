import { createContext, useContext } from "react";

/** The CSP nonce of this response, given by the server's render. */
export const NonceContext = createContext("");

/**
 * In the browser the nonce attribute reads back empty, but the element's `nonce` property keeps it: a
 * style or script React inserts later (an error page drawn without the server) needs it to be allowed.
 */
function pageNonce(): string {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

export const useNonce = () => useContext(NonceContext) || pageNonce();
