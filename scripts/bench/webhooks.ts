/**
 * Webhook-to-credit latency (npm run bench, part of the ledger figures): the built app served
 * in this process on each engine; N deposit orders paid on the sandbox's side, then their
 * signed webhooks sent to /api/payments/sandbox/webhook, 8 at a time. The route answers 2xx
 * only once the credit is committed, so the answer time is the webhook-to-credit time.
 */
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { and, eq, inArray } from "drizzle-orm";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Engine } from "~/db/client.server";
import { kycSubmissions, members, paymentOrders, sandboxWebhooks } from "~/db/schema";
import { createDepositOrder } from "~/domain/payments/deposits.server";
import { sandboxWebhookSecret } from "~/integrations/payments/index.server";
import { signSandboxWebhook } from "~/integrations/payments/sandbox-events.server";
import { completeSandboxCheckout, createSandboxGateway } from "~/integrations/payments/sandbox.server";
import { parseEnv } from "~/utils/env.server";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/logger";
import { errorText, openEngine } from "./engines";

export type WebhookEngineResult =
  | {
      source: string;
      webhooks: number;
      concurrency: number;
      latencyMs: { p50: number; p99: number; max: number };
      credited: number;
    }
  | { skipped: string }
  | { error: string };

const COOKIE_SECRET = "bench-webhooks-cookie-secret-0123456789abcdef";
const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (s: number[], q: number) => round2(s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]);

/** fetch cannot set Host, which names the brand: a plain node:http request to the loopback server. */
function post(port: number, body: string, signature: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/payments/sandbox/webhook",
        method: "POST",
        headers: {
          host: "luckypeso.localhost",
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "paymongo-signature": signature,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function benchEngine(
  engine: Engine,
  registry: BrandRegistry,
  n: number,
  concurrency: number,
): Promise<WebhookEngineResult> {
  const opened = await openEngine(engine);
  if ("skipped" in opened) return opened;
  let server: http.Server | undefined;
  try {
    const db = opened.database.db;
    const brand = registry.byId.get("lucky-peso")!;
    const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
    const env = parseEnv({ COOKIE_SECRET, NODE_ENV: "production", LOG_LEVEL: "error" });
    const app = createApp({ env, registry, database: opened.database, build, logger: createLogger("error", () => {}) });
    server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const port = (server.address() as { port: number }).port;

    // One order per player (the deposit limits are per player), each paid on the sandbox's side.
    const players = await db
      .insert(members)
      .values(
        Array.from({ length: n }, (_, i) => ({
          merchantCode: brand.merchantCode,
          username: `hookplayer${i}`,
          usernameKey: `hookplayer${i}`,
          inviteCode: `HOOK${i.toString(36).toUpperCase().padStart(4, "0")}`,
        })),
      )
      .returning({ id: members.id, type: members.type, status: members.status });
    // Verified players (brands ask for it before deposits); the pictures are a 1×1 PNG, what they show is not measured.
    const pixel = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await db.insert(kycSubmissions).values(
      players.map((p) => ({
        merchantCode: brand.merchantCode,
        memberId: p.id,
        idType: "philsys",
        idNumber: "1234-5678-9012-3456",
        idPhoto: pixel,
        idPhotoType: "image/png",
        selfie: pixel,
        selfieType: "image/png",
        state: "approved" as const,
        reviewedAt: new Date(),
        reviewedBy: "bench",
      })),
    );
    const gateway = createSandboxGateway({ db, secretFor: (m) => sandboxWebhookSecret(COOKIE_SECRET, m) });
    const origin = `http://luckypeso.localhost:${port}`;
    const orders: string[] = [];
    for (const p of players) {
      const order = await createDepositOrder(
        db,
        brand,
        gateway,
        p,
        { channel: "gcash", amount: 500_00n },
        {
          returnUrl: (id) => `${origin}/m/deposit/${id}`,
          cancelUrl: (id) => `${origin}/m/deposit/${id}`,
        },
      );
      await completeSandboxCheckout(db, order.gatewayRef!, "pay");
      orders.push(order.publicId);
    }
    const bodies = (await db.select({ body: sandboxWebhooks.body }).from(sandboxWebhooks)).map((r) => r.body);

    const secret = sandboxWebhookSecret(COOKIE_SECRET, brand.merchantCode);
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const started = performance.now();
          const status = await post(port, body, signSandboxWebhook(secret, body, new Date()));
          if (status !== 200) throw new Error(`webhook answered ${status}`);
          latencies.push(performance.now() - started);
        }
      }),
    );
    const paid = await db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(inArray(paymentOrders.publicId, orders), eq(paymentOrders.state, "paid")));
    latencies.sort((a, b) => a - b);
    return {
      source: opened.source,
      webhooks: bodies.length,
      concurrency,
      latencyMs: { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), max: round2(latencies[latencies.length - 1]!) },
      credited: paid.length,
    };
  } finally {
    await new Promise((r) => (server ? server.close(r) : r(null)));
    await opened.close();
  }
}

export async function runWebhookBench(
  registry: BrandRegistry,
  n: number,
  concurrency = 8,
): Promise<Record<Engine, WebhookEngineResult>> {
  const out = {} as Record<Engine, WebhookEngineResult>;
  for (const engine of ["pglite", "postgres"] as const) {
    console.log(`Webhook-to-credit benchmark on ${engine} (${n} paid checkouts, ${concurrency} webhooks at a time)…`);
    try {
      out[engine] = await benchEngine(engine, registry, n, concurrency);
    } catch (err) {
      out[engine] = { error: errorText(err as Error) };
    }
  }
  return out;
}

export function formatWebhooks(results: Record<Engine, WebhookEngineResult>): string {
  return Object.entries(results)
    .map(([engine, r]) => {
      if ("skipped" in r) return `${engine}: not measured: ${r.skipped}`;
      if ("error" in r) return `${engine}: FAILED: ${r.error}`;
      return `${engine}: ${r.webhooks} webhooks, ${r.credited} credited; webhook-to-credit p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`;
    })
    .join("\n");
}
