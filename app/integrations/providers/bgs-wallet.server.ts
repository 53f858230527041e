import http from "node:http";
import type { WalletAction, WalletAnswer, WalletApi } from "~/domain/games/ports";
import { WalletUnreachableError } from "~/domain/games/ports";
import { sign } from "./canonical.server";

/** A wallet call unanswered this long is treated as lost: the round is rolled back (docs/providers.md). */
const CALL_TIMEOUT_MS = 5_000;
/**
 * Idle connections are closed by this side well before the server's keep-alive ends (Node's 5 s),
 * so that a call seldom goes out on a connection the server is closing at that moment.
 */
const IDLE_MS = 2_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_MS });

/** A kept-alive connection the server closed as the call went out: the call never reached it. */
const closedUnderneath = (req: http.ClientRequest, err: NodeJS.ErrnoException): boolean =>
  req.reusedSocket && (err.code === "ECONNRESET" || err.code === "EPIPE");

/**
 * The in-house game server's client of the seamless-wallet API: canonical JSON bodies signed with
 * the BGS secret, sent to this very server (over the socket the player's request came in on) with
 * the brand's host name, exactly as an outside provider would call it.
 */
export function createInHouseWallet(opts: { baseUrl: string; host: string; secret: string; provider: string }): WalletApi {
  return {
    call(action: WalletAction, body: Record<string, unknown>): Promise<WalletAnswer> {
      const raw = JSON.stringify(body);
      const url = new URL(`/api/seamless/${opts.provider}/${action}`, opts.baseUrl);
      const options: http.RequestOptions = {
        method: "POST",
        agent,
        timeout: CALL_TIMEOUT_MS,
        headers: {
          host: opts.host,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(raw),
          "x-signature": sign(opts.secret, raw),
        },
      };
      return new Promise((resolve, reject) => {
        const send = (retry: boolean): void => {
          const req = http.request(url, options, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("error", (err) => reject(new WalletUnreachableError(err.message)));
            res.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              if (res.statusCode !== 200) return reject(new WalletUnreachableError(`wallet answered HTTP ${res.statusCode}`));
              try {
                resolve(JSON.parse(text) as WalletAnswer);
              } catch {
                reject(new WalletUnreachableError("wallet answered something other than JSON"));
              }
            });
          });
          req.on("timeout", () => req.destroy(new Error(`no answer within ${CALL_TIMEOUT_MS / 1000} s`)));
          req.on("error", (err: NodeJS.ErrnoException) => {
            // Sent again once on a new connection: the same body and request_uuid, which the
            // wallet answers as the first time even if it did see it.
            if (retry && closedUnderneath(req, err)) return send(false);
            reject(new WalletUnreachableError(err.message));
          });
          req.end(raw);
        };
        send(true);
      });
    },
  };
}
