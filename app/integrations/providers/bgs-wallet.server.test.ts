import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WalletUnreachableError } from "~/domain/games/ports";
import { createInHouseWallet } from "./bgs-wallet.server";

/**
 * The game server's wallet client against a wallet that closes connections under it: a call that
 * went out on a kept-alive connection the server was closing is sent again once, on a new one.
 */

type Wallet = {
  url: string;
  connections: number;
  /** Request bodies as they arrived, in order. */
  bodies: string[];
  /** Sockets the client closed, in order of their closing. */
  closed: Socket[];
  server: http.Server;
};

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/**
 * A wallet that answers RS_OK, except that `reset` says whether a request (the n-th on its
 * connection, the m-th in all) is cut off.
 */
async function wallet(reset: (nthOnConnection: number, nthInAll: number) => boolean): Promise<Wallet> {
  const seen = new WeakMap<Socket, number>();
  const w: Wallet = { url: "", connections: 0, bodies: [], closed: [], server: http.createServer() };
  w.server.on("connection", (socket: Socket) => {
    w.connections += 1;
    socket.on("end", () => w.closed.push(socket));
  });
  w.server.on("request", (req, res) => {
    const n = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, n);
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      w.bodies.push(body);
      if (reset(n, w.bodies.length)) return req.socket.resetAndDestroy();
      const { request_uuid } = JSON.parse(body) as { request_uuid: string };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ status: "RS_OK", request_uuid, user: "u1", currency: "PHP", balance: 100 }));
    });
  });
  w.server.keepAliveTimeout = 60_000;
  servers.push(w.server);
  await new Promise<void>((r) => w.server.listen(0, "127.0.0.1", r));
  w.url = `http://127.0.0.1:${(w.server.address() as AddressInfo).port}`;
  return w;
}

const client = (w: Wallet) => createInHouseWallet({ baseUrl: w.url, host: "luckypeso.localhost", secret: "s", provider: "bgs" });

describe("the in-house game server's wallet client", () => {
  it("sends a call again, once and on a new connection, when the kept-alive one is reset under it", async () => {
    const w = await wallet((n) => n === 2);
    const api = client(w);
    expect(await api.call("balance", { request_uuid: "r1" })).toMatchObject({ status: "RS_OK", request_uuid: "r1" });
    expect(await api.call("bet", { request_uuid: "r2" })).toMatchObject({ status: "RS_OK", request_uuid: "r2" });
    expect(w.connections).toBe(2);
    // The cut call and its second sending carry the same body (the wallet answers a replay as the first time).
    expect(w.bodies).toEqual([`{"request_uuid":"r1"}`, `{"request_uuid":"r2"}`, `{"request_uuid":"r2"}`]);
  });

  it("gives up at the second reset, and on a reset of a new connection, as unreachable", async () => {
    const always = await wallet(() => true);
    await expect(client(always).call("bet", { request_uuid: "r1" })).rejects.toBeInstanceOf(WalletUnreachableError);
    expect(always.bodies).toHaveLength(1);

    const w = await wallet((_, m) => m >= 2);
    const api = client(w);
    await api.call("balance", { request_uuid: "a" });
    await expect(api.call("bet", { request_uuid: "b" })).rejects.toBeInstanceOf(WalletUnreachableError);
    // The first connection's second request, then the new connection's first: a retry, not a loop.
    expect(w.bodies).toEqual([`{"request_uuid":"a"}`, `{"request_uuid":"b"}`, `{"request_uuid":"b"}`]);
  });

  it("closes an idle connection itself before a server's default keep-alive (5 s) would", async () => {
    const w = await wallet(() => false);
    await client(w).call("balance", { request_uuid: "r1" });
    const start = Date.now();
    await expect.poll(() => w.closed.length, { timeout: 4_500, interval: 100 }).toBe(1);
    expect(Date.now() - start).toBeLessThan(4_500);
  });
});
