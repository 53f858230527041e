/**
 * The seamless-wallet benchmark's load generator: a provider's side of the API, signing its calls
 * as a provider signs them and sending them on keep-alive connections. seamless.ts runs it in a
 * process of its own (this file is that process's entry), so that its CPU is counted apart from
 * the server's and its work never waits on the server's event loop, as a provider calling from
 * another machine would not; it still shares this machine's two cores.
 */
import crypto from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { sign } from "~/integrations/providers/canonical.server";
import { IN_HOUSE_PROVIDER } from "~/integrations/providers/index.server";

export type Caller = (action: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** fetch cannot set Host, which names the brand: node:http on keep-alive connections to the loopback server. */
export function caller(port: number, host: string, secret: string, connections: number): { call: Caller; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const call: Caller = (action, fields) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(fields);
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          agent,
          path: `/api/seamless/${IN_HOUSE_PROVIDER}/${action}`,
          method: "POST",
          headers: {
            host,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-signature": sign(secret, body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            if (res.statusCode !== 200) return reject(new Error(`${action} answered HTTP ${res.statusCode}: ${text}`));
            resolve(JSON.parse(text) as Record<string, unknown>);
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return { call, close: () => agent.destroy() };
}

export interface LoadSession {
  user: string;
  token: string;
}

/** What the load generator is asked to send: `pairs` bet+win pairs, one worker per session. */
export interface LoadPlan {
  port: number;
  host: string;
  secret: string;
  currency: string;
  gameCode: string;
  bet: number;
  win: number;
  sessions: LoadSession[];
  pairs: number;
  tag: string;
}

export interface LoadResult {
  seconds: number;
  /** Milliseconds each bet and each win took, from sending to the answer read. */
  bets: number[];
  wins: number[];
  /** CPU milliseconds the load generator spent sending them. */
  cpuMs: number;
}

/** Sends the plan's pairs, every pair a bet then its win, and times each call. */
export async function drive(plan: LoadPlan): Promise<LoadResult> {
  const client = caller(plan.port, plan.host, plan.secret, plan.sessions.length);
  const bets: number[] = [];
  const wins: number[] = [];
  let next = 0;
  const timed = async (into: number[], action: string, body: Record<string, unknown>) => {
    const t = performance.now();
    const answer = await client.call(action, body);
    into.push(performance.now() - t);
    if (answer.status !== "RS_OK") throw new Error(`${action} answered ${JSON.stringify(answer)}`);
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  try {
    await Promise.all(
      plan.sessions.map(async (s) => {
        while (next < plan.pairs) {
          const i = next++;
          const round = `${plan.tag}-${i}`;
          const common = {
            timestamp: Math.floor(Date.now() / 1000),
            token: s.token,
            user: s.user,
            currency: plan.currency,
            game_code: plan.gameCode,
            round,
          };
          await timed(bets, "bet", {
            ...common,
            request_uuid: crypto.randomUUID(),
            round_closed: false,
            transaction_uuid: `${round}:bet`,
            amount: plan.bet,
          });
          await timed(wins, "win", {
            ...common,
            request_uuid: crypto.randomUUID(),
            round_closed: true,
            transaction_uuid: `${round}:win`,
            reference_transaction_uuid: `${round}:bet`,
            amount: plan.win,
          });
        }
      }),
    );
  } finally {
    client.close();
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds: (performance.now() - started) / 1000, bets, wins, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** As a child process: one plan per message, answered with its result or its error. */
if (process.send && process.argv.includes("--seamless-load")) {
  process.on("message", (plan: LoadPlan) => {
    drive(plan).then(
      (result) => process.send!({ result }),
      (err: Error) => process.send!({ error: err.stack ?? err.message }),
    );
  });
  process.on("disconnect", () => process.exit(0));
}
