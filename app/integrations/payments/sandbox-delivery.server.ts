import http from "node:http";
import { and, eq, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { sandboxWebhooks } from "~/db/schema-money";
import { SIGNATURE_HEADER, signSandboxWebhook } from "./sandbox-events.server";
import { settleDuePayouts } from "./sandbox.server";

/**
 * The sandbox's webhook sender, run once a second inside the server: it delivers what the
 * sandbox owes to the merchant's webhook endpoint as a provider would, retrying with
 * exponential backoff until acknowledged, sometimes twice and out of order; and it settles
 * the payouts that are due (see sandbox.server.ts).
 */

export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 10 * 60 * 1000;
/** A claimed row is not due again for this long, so a second worker does not send it meanwhile. */
const CLAIM_MS = 30_000;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 50;

/** The wait after the n-th failed attempt: 2 s, 4 s, 8 s … at most 10 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface WebhookTarget {
  /** e.g. http://127.0.0.1:3000/api/payments/sandbox/webhook */
  url: string;
  /** The brand's host, sent as Host so our server knows whose webhook it is. */
  host: string;
}

/**
 * Where the sandbox sends each merchant's webhooks when it runs inside our server on `port`:
 * the webhook route over loopback, with the brand's development host (or its first) as Host.
 */
export function webhookTargets(brands: readonly Brand[], port: number): (merchantCode: string) => WebhookTarget | null {
  const hosts = new Map(brands.map((b) => [b.merchantCode, b.hosts.find((h) => h.endsWith(".localhost")) ?? b.hosts[0]]));
  return (merchantCode) => {
    const host = hosts.get(merchantCode);
    return host ? { url: `http://127.0.0.1:${port}/api/payments/sandbox/webhook`, host } : null;
  };
}

/** One HTTP POST; answers the status. Fetch cannot set Host, so the default speaks node:http. */
export type WebhookPost = (url: string, headers: Record<string, string>, body: string) => Promise<{ status: number }>;

const httpPost: WebhookPost = (url, headers, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers, timeout: SEND_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(body);
  });

export interface DeliveryOptions {
  /** Where a merchant's webhooks go; null: nowhere known (counted as a failed attempt). */
  targetFor(merchantCode: string): WebhookTarget | null;
  /** The signing secret the merchant shares with the sandbox. */
  secretFor(merchantCode: string): string;
  post?: WebhookPost;
  /** In [0, 1): decides duplicates and the sending order. */
  random?: () => number;
  now?: () => Date;
  /** The chance that a delivered event is sent once more a few seconds later. */
  duplicateRate?: number;
  /** A payout settles this long after it was accepted. */
  payoutDelayMs?: number;
}

type DueRow = { id: number; merchantCode: string; eventId: string; body: string; attempts: number };

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Claims the due rows: a conditional update, so two workers never both take a row. */
async function claimDue(db: Db, now: Date): Promise<DueRow[]> {
  const due = await db
    .select({ id: sandboxWebhooks.id })
    .from(sandboxWebhooks)
    .where(
      and(
        isNull(sandboxWebhooks.deliveredAt),
        lte(sandboxWebhooks.nextAttemptAt, now),
        lt(sandboxWebhooks.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(sandboxWebhooks.nextAttemptAt)
    .limit(BATCH);
  const claimed: DueRow[] = [];
  for (const { id } of due) {
    const [row] = await db
      .update(sandboxWebhooks)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(and(eq(sandboxWebhooks.id, id), isNull(sandboxWebhooks.deliveredAt), lte(sandboxWebhooks.nextAttemptAt, now)))
      .returning({
        id: sandboxWebhooks.id,
        merchantCode: sandboxWebhooks.merchantCode,
        eventId: sandboxWebhooks.eventId,
        body: sandboxWebhooks.body,
        attempts: sandboxWebhooks.attempts,
      });
    if (row) claimed.push(row);
  }
  return claimed;
}

async function attempt(row: DueRow, opts: DeliveryOptions, post: WebhookPost, now: Date): Promise<string | null> {
  const target = opts.targetFor(row.merchantCode);
  if (!target) return `no webhook endpoint for merchant ${row.merchantCode}`;
  try {
    const { status } = await post(
      target.url,
      {
        Host: target.host,
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(row.body)),
        "User-Agent": "sandbox-gateway-webhooks",
        [SIGNATURE_HEADER]: signSandboxWebhook(opts.secretFor(row.merchantCode), row.body, now),
      },
      row.body,
    );
    return status >= 200 && status < 300 ? null : `HTTP ${status}`;
  } catch (err) {
    return (err as Error).message || "network error";
  }
}

/** One tick: settle due payouts, then send every due webhook once, in a shuffled order. */
export async function deliverDueWebhooks(db: Db, opts: DeliveryOptions): Promise<{ delivered: number; failed: number }> {
  const clock = opts.now ?? (() => new Date());
  const random = opts.random ?? Math.random;
  const post = opts.post ?? httpPost;
  const duplicateRate = opts.duplicateRate ?? 0.2;

  await settleDuePayouts(db, clock(), opts.payoutDelayMs ?? 3_000);

  let delivered = 0;
  let failed = 0;
  for (const row of shuffle(await claimDue(db, clock()), random)) {
    const now = clock();
    const error = await attempt(row, opts, post, now);
    const attempts = row.attempts + 1;
    if (error === null) {
      delivered++;
      await db.update(sandboxWebhooks).set({ attempts, deliveredAt: now, lastError: null }).where(eq(sandboxWebhooks.id, row.id));
      if (random() < duplicateRate) await queueDuplicate(db, row, new Date(now.getTime() + 2_000 + Math.floor(random() * 3_000)));
    } else {
      failed++;
      await db
        .update(sandboxWebhooks)
        .set({ attempts, lastError: error.slice(0, 500), nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
        .where(eq(sandboxWebhooks.id, row.id));
    }
  }
  return { delivered, failed };
}

/** The same event once more, as providers do; only once per event, or duplicates would breed duplicates. */
async function queueDuplicate(db: Db, row: DueRow, at: Date): Promise<void> {
  await db.execute(sql`
    insert into ${sandboxWebhooks} (merchant_code, event_id, body, next_attempt_at)
    select ${row.merchantCode}, ${row.eventId}, ${row.body}, ${at.toISOString()}
    where not exists (
      select 1 from ${sandboxWebhooks} where ${and(eq(sandboxWebhooks.eventId, row.eventId), ne(sandboxWebhooks.id, row.id))}
    )`);
}

export interface DeliveryLog {
  log(level: "info" | "warn" | "error", msg: string, fields?: Record<string, unknown>): void;
}

/**
 * Runs a tick every second. A tick still going when the next is due makes that one skip,
 * so ticks never overlap; `stop` waits for the one in progress, so the database is not
 * closed under it.
 */
export function startSandboxDelivery(db: Db, opts: DeliveryOptions & { everyMs?: number; logger?: DeliveryLog }) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = deliverDueWebhooks(db, opts)
      .then(({ delivered, failed }) => {
        if (delivered || failed) opts.logger?.log("info", "sandbox webhooks", { delivered, failed });
      })
      .catch((err: Error) => opts.logger?.log("error", "sandbox webhook delivery failed", { error: err.message }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, opts.everyMs ?? 1_000);
  // The schedule alone must not keep the process alive.
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
