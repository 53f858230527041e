import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came, for answers that are not text (pictures). */
  bytes: Buffer;
}

/** Node's resolver does not know *.localhost, so tests speak to 127.0.0.1 and name the brand in Host. */
export function request(
  port: number,
  path: string,
  opts: {
    host?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** A loopback address to send from (127.0.0.0/8), so a test can play several clients. */
    localAddress?: string;
    /** A request unanswered this long fails with its path, instead of hanging the test until vitest's limit. */
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: opts.method ?? "GET",
        localAddress: opts.localAddress,
        headers: { host: opts.host ?? "luckypeso.localhost", ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        // A server that dies mid-answer fails the response, not the request: without these the promise never settles.
        res.on("error", reject);
        res.on("close", () => {
          if (!res.complete) reject(new Error(`${opts.method ?? "GET"} ${path}: the answer was cut off`));
        });
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
        });
      },
    );
    const timeoutMs = opts.timeoutMs ?? 60_000;
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${opts.method ?? "GET"} ${path}: no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(opts.body);
  });
}

export function portOf(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}

/**
 * A CSRF cookie and the matching form field, as a page would hand them out.
 * `secure` matches the server's SECURE_COOKIES (on in production).
 */
export function csrfPair(secure = true, token = "test-csrf-token-0123456789") {
  return { cookie: `${secure ? "__Host-" : ""}csrf=${token}`, field: `csrf=${token}` };
}

/** The servers under test sign their cookies with this, so no test writes a secret into ./data. */
export const TEST_COOKIE_SECRET = "test-cookie-secret-0123456789abcdef0123456789";
