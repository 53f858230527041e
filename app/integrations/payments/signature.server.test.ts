import { describe, expect, it } from "vitest";
import { WebhookRejectedError } from "~/domain/payments/ports";
import { signatureHeader, verifySignatureHeader } from "./signature.server";

const SECRET = "whsk_test_secret";
const BODY = '{"data":{"id":"evt_1"}}';
const T = 1_790_000_000;
const at = (s: number) => new Date(s * 1000);

function reason(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof WebhookRejectedError ? e.reason : "other";
  }
}

describe("webhook signatures", () => {
  it("accepts the gateway's own signature within five minutes", () => {
    expect(reason(() => verifySignatureHeader(SECRET, signatureHeader(SECRET, BODY, T), BODY, at(T + 299)))).toBeNull();
    expect(reason(() => verifySignatureHeader(SECRET, signatureHeader(SECRET, BODY, T, true), BODY, at(T), true))).toBeNull();
  });

  it("refuses another secret, another body, another mode, a missing header and a stale or future timestamp", () => {
    const good = signatureHeader(SECRET, BODY, T);
    expect(reason(() => verifySignatureHeader("other", good, BODY, at(T)))).toBe("signature");
    expect(reason(() => verifySignatureHeader(SECRET, good, BODY + " ", at(T)))).toBe("signature");
    expect(reason(() => verifySignatureHeader(SECRET, good, BODY, at(T), true))).toBe("signature");
    expect(reason(() => verifySignatureHeader(SECRET, null, BODY, at(T)))).toBe("signature");
    expect(reason(() => verifySignatureHeader(SECRET, "t=abc,te=00", BODY, at(T)))).toBe("signature");
    expect(reason(() => verifySignatureHeader(SECRET, good.replace(`t=${T}`, `t=${T + 1}`), BODY, at(T)))).toBe("signature");
    expect(reason(() => verifySignatureHeader(SECRET, good, BODY, at(T + 301)))).toBe("timestamp");
    // Whole seconds either way: three quarters into the 300th second after signing is still inside.
    expect(reason(() => verifySignatureHeader(SECRET, good, BODY, new Date((T + 300) * 1000 + 750)))).toBeNull();
    expect(reason(() => verifySignatureHeader(SECRET, good, BODY, new Date((T - 300) * 1000 + 750)))).toBeNull();
    expect(reason(() => verifySignatureHeader(SECRET, good, BODY, at(T - 301)))).toBe("timestamp");
  });
});
