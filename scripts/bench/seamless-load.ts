/**
 * The seamless-wallet benchmark's load generator: a provider's side of the API, signing its calls
 * as a provider signs them and sending them on keep-alive connections. seamless.ts runs it in a
 * process of its own (this file is that process's entry), so that its CPU is counted apart from
 * the server's and its work never waits on the server's event loop, as a provider calling from
 * another machine would not. It still shares this machine's two cores, so it takes as little of
 * them as it can while the clock runs: every call is signed before, and sent on a bare socket.
 */
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { sign } from "~/integrations/providers/canonical.server";
import { IN_HOUSE_PROVIDER } from "~/integrations/providers/index.server";

/** The in-house provider's address for an action of the API. */
const seamlessPath = (action: string) => `/api/seamless/${IN_HOUSE_PROVIDER}/${action}`;

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
          path: seamlessPath(action),
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

/** One call as it goes on the wire: the request's bytes, signed before the clock starts. */
function wireRequest(plan: LoadPlan, action: string, fields: Record<string, unknown>): Buffer {
  const body = JSON.stringify(fields);
  const head =
    `POST ${seamlessPath(action)} HTTP/1.1\r\nHost: ${plan.host}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Signature: ${sign(plan.secret, body)}\r\nConnection: keep-alive\r\n\r\n`;
  return Buffer.from(head + body);
}

/**
 * Pairs signed at a time, the clock stopped meanwhile: no call's timestamp leaves the API's window
 * (five minutes) before it is sent, however long the run.
 */
const SLICE_PAIRS = 4000;

/** Pairs `from` to `to` as each session sends them, in order (every pair a bet then its win); pairs are dealt to the sessions in turn. */
function signedCalls(plan: LoadPlan, from: number, to: number): Buffer[][] {
  const timestamp = Math.floor(Date.now() / 1000);
  const calls: Buffer[][] = plan.sessions.map(() => []);
  for (let i = from; i < to; i++) {
    const s = plan.sessions[i % plan.sessions.length]!;
    const round = `${plan.tag}-${i}`;
    const common = { timestamp, token: s.token, user: s.user, currency: plan.currency, game_code: plan.gameCode, round };
    const into = calls[i % plan.sessions.length]!;
    into.push(
      wireRequest(plan, "bet", {
        ...common,
        request_uuid: crypto.randomUUID(),
        round_closed: false,
        transaction_uuid: `${round}:bet`,
        amount: plan.bet,
      }),
      wireRequest(plan, "win", {
        ...common,
        request_uuid: crypto.randomUUID(),
        round_closed: true,
        transaction_uuid: `${round}:win`,
        reference_transaction_uuid: `${round}:bet`,
        amount: plan.win,
      }),
    );
  }
  return calls;
}

const HEAD_END = Buffer.from("\r\n\r\n");

/**
 * A keep-alive connection that sends one call at a time and reads its answer: the status line and
 * Content-Length are all it looks at (the seamless API always sends both), so that the machine's
 * CPU goes to the server rather than to an HTTP client's bookkeeping.
 */
function wire(port: number): Promise<{ send(request: Buffer): Promise<{ status: number; body: string }>; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", noDelay: true });
    let buffered: Buffer = Buffer.alloc(0);
    let waiting: { resolve(a: { status: number; body: string }): void; reject(e: Error): void } | null = null;
    const fail = (err: Error) => {
      waiting?.reject(err);
      waiting = null;
    };
    socket.on("data", (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const end = buffered.indexOf(HEAD_END);
      if (end < 0 || !waiting) return;
      const head = buffered.toString("latin1", 0, end);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) return fail(new Error(`an answer without Content-Length: ${head}`));
      const total = end + HEAD_END.length + Number(length[1]);
      if (buffered.length < total) return;
      const body = buffered.toString("utf8", end + HEAD_END.length, total);
      buffered = buffered.subarray(total);
      const w = waiting;
      waiting = null;
      w.resolve({ status: Number(head.slice(9, 12)), body });
    });
    socket.on("error", (err) => (waiting ? fail(err) : reject(err)));
    socket.on("close", () => fail(new Error("the server closed the connection")));
    socket.once("connect", () =>
      resolve({
        send: (request) =>
          new Promise((res, rej) => {
            waiting = { resolve: res, reject: rej };
            socket.write(request);
          }),
        close: () => socket.destroy(),
      }),
    );
  });
}

/** Sends the plan's pairs, one connection per session, and times each call; the clock stops while a slice is signed. */
export async function drive(plan: LoadPlan): Promise<LoadResult> {
  const connections = await Promise.all(plan.sessions.map(() => wire(plan.port)));
  const bets: number[] = [];
  const wins: number[] = [];
  let seconds = 0;
  let cpuMs = 0;
  try {
    for (let from = 0; from < plan.pairs; from += SLICE_PAIRS) {
      const calls = signedCalls(plan, from, Math.min(plan.pairs, from + SLICE_PAIRS));
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        connections.map(async (connection, c) => {
          const mine = calls[c]!;
          for (let i = 0; i < mine.length; i++) {
            const t = performance.now();
            const answer = await connection.send(mine[i]!);
            (i % 2 === 0 ? bets : wins).push(performance.now() - t);
            const status = answer.status === 200 ? (JSON.parse(answer.body) as { status?: string }).status : undefined;
            if (status !== "RS_OK")
              throw new Error(`${i % 2 === 0 ? "bet" : "win"} answered HTTP ${answer.status}: ${answer.body}`);
          }
        }),
      );
      seconds += (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      cpuMs += (cpu.user + cpu.system) / 1000;
    }
  } finally {
    for (const connection of connections) connection.close();
  }
  return { seconds, bets, wins, cpuMs };
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
