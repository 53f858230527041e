import crypto from "node:crypto";
import { WebhookRejectedError } from "~/domain/payments/ports";
import { withinWindow } from "~/utils/dates.server";

/**
 * Webhook signatures as PayMongo writes them (and our sandbox copies): the header
 * `t=<unix seconds>,te=<hex>,li=<hex>` where the digest is HMAC-SHA256(secret, t + "." + raw body),
 * in `te` for test-mode events and `li` for live ones.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function digest(secret: string, timestamp: number, rawBody: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

export function signatureHeader(secret: string, rawBody: string, timestamp: number, livemode = false): string {
  const d = digest(secret, timestamp, rawBody);
  return `t=${timestamp},te=${livemode ? "" : d},li=${livemode ? d : ""}`;
}

/** Throws WebhookRejectedError unless the header signs this exact body within the time window. */
export function verifySignatureHeader(secret: string, header: string | null, rawBody: string, now: Date, livemode = false): void {
  if (!header) throw new WebhookRejectedError("signature", "no signature header");
  const parts = new Map(
    header.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = parts.get("t") ?? "";
  if (!/^\d{1,12}$/.test(t)) throw new WebhookRejectedError("signature", "no timestamp in the signature header");
  const given = parts.get(livemode ? "li" : "te") ?? "";
  const expected = digest(secret, Number(t), rawBody);
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b))
    throw new WebhookRejectedError("signature", "the signature does not match");
  if (!withinWindow(Number(t), now, SIGNATURE_TOLERANCE_SECONDS)) {
    throw new WebhookRejectedError("timestamp", "the signature's timestamp is outside the accepted window");
  }
}
