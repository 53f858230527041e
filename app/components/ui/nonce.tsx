import { createContext, useContext } from "react";

/** The CSP nonce of this response; empty in the browser, where it is never read back. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
