import crypto from "node:crypto";
import type { Db } from "~/db/client.server";
import { DeliveryError, type SmsProvider } from "~/domain/accounts/ports";
import { writeOutbox } from "~/domain/accounts/outbox.server";

export interface SmsConfig {
  /** SMS_HTTP_URL; unset: messages go to the outbox table. */
  url?: string;
  /** SMS_HTTP_TOKEN, sent as a bearer token. */
  token?: string;
}

export function createSmsProvider(config: SmsConfig, db: Db): SmsProvider {
  return config.url ? createHttpSmsProvider({ url: config.url, token: config.token }) : createOutboxSmsProvider(db);
}

/** Development, tests and installs without a gateway: codes are read with `npm run outbox`. */
export function createOutboxSmsProvider(db: Db): SmsProvider {
  return {
    async send(brand, msg) {
      await writeOutbox(db, brand, { channel: "sms", recipient: msg.to, body: msg.text });
    },
  };
}

export interface HttpSmsOptions {
  url: string;
  token?: string;
  /** The player is waiting for the page; a gateway slower than this counts as down. */
  timeoutMs?: number;
}

/**
 * A generic JSON gateway: POST {to, text, sender, reference}. The reference is
 * unique per message so the gateway's logs can be matched with ours.
 */
export function createHttpSmsProvider(opts: HttpSmsOptions): SmsProvider {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    async send(brand, msg) {
      const reference = `${brand.merchantCode}-${crypto.randomUUID()}`;
      const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      let res: Response;
      try {
        res = await fetch(opts.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ to: msg.to, text: msg.text, sender: brand.displayName, reference }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (err) {
        const why = (err as Error).name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : describeNetworkError(err);
        throw new DeliveryError("sms", `SMS gateway unreachable: ${why}`, { cause: err });
      }
      // Read the body either way so the connection can be reused; keep only a little of it for the log.
      const answer = await res.text().catch(() => "");
      if (!res.ok) {
        throw new DeliveryError("sms", `SMS gateway answered HTTP ${res.status}: ${answer.slice(0, 200)}`, {
          status: res.status,
        });
      }
    },
  };
}

/** fetch reports "fetch failed" and hides the useful part (ECONNREFUSED, ENOTFOUND …) in its cause. */
function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}
