import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import { rawRows, type Database, type Db } from "../../app/db/client.server";
import { createMember } from "../../app/domain/accounts/members.server";
import type { Inviter } from "../../app/domain/accounts/placement";
import { getBalance, grantDemoBalance } from "../../app/domain/wallet/balances.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { createLaunchToken, handleSeamlessCall } from "../../app/domain/wallet/seamless.server";
import { canonicalProtocol } from "../../app/integrations/providers/canonical.server";
import { projectBrands } from "./brands";
import { request } from "./http";
import { createTestDatabase } from "./test-db";

/**
 * A game provider's side of the canonical seamless-wallet protocol (docs/providers.md), written
 * from the contract: it signs and sends calls either over HTTP to the served app or straight into
 * the wallet through the same protocol reader, so both kinds of test speak the same wire format.
 */

/** A field value on the wire; bigint is written as a JSON integer, never through a float. */
export type WireValue = string | number | bigint | boolean | null | undefined | WireValue[] | { [k: string]: WireValue };
export type WireBody = Record<string, WireValue>;

export interface Answer {
  /** HTTP status (200 once the provider is known). */
  http: number;
  /** The answer exactly as sent, to compare replays byte for byte. */
  raw: string;
  json: Record<string, unknown>;
}

/** Sends one call: the action, the raw body and the headers the provider would send. */
export type Transport = (
  action: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

const BIGINT_MARK = "\u0000bigint:";

/** JSON with bigints written as integer literals (amounts are centavos of any size). */
export function toWire(body: WireBody): string {
  const text = JSON.stringify(body, (_k, v: unknown) => (typeof v === "bigint" ? `${BIGINT_MARK}${v}` : v));
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, "$1");
}

export function signBody(secret: string, rawBody: string): string {
  return crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
}

export function httpTransport(port: number, host: string, provider: string): Transport {
  return async (action, rawBody, headers) => {
    const r = await request(port, `/api/seamless/${provider}/${action}`, {
      host,
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: rawBody,
    });
    return { status: r.status, body: r.body };
  };
}

/** The wallet without HTTP: the canonical reader (signature included), handleSeamlessCall, the canonical writer. */
export function domainTransport(db: Db, brand: Brand, provider: string, secret: string): Transport {
  return async (action, rawBody, headers) => {
    const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const read = canonicalProtocol.read(action, rawBody, (name) => lower.get(name.toLowerCase()) ?? null, secret);
    const answer = read.ok ? await handleSeamlessCall(db, brand, provider, read.call) : read.answer;
    return canonicalProtocol.write(answer);
  };
}

export interface SendOptions {
  /** Sign with this secret instead of the provider's. */
  secret?: string;
  /** Send this X-Signature instead (null: no header at all). */
  signature?: string | null;
  /** Send these bytes, signed as they are, instead of the JSON of the fields. */
  rawBody?: string;
}

let counter = 0;
/** Unique per test process, so request and transaction ids never collide between calls by accident. */
export function uid(prefix: string): string {
  return `${prefix}-${process.pid}-${++counter}-${crypto.randomBytes(4).toString("hex")}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export class SeamlessClient {
  constructor(
    readonly transport: Transport,
    readonly secret: string,
  ) {}

  async send(action: string, body: WireBody, opts: SendOptions = {}): Promise<Answer> {
    const rawBody = opts.rawBody ?? toWire(body);
    const signature = opts.signature === undefined ? signBody(opts.secret ?? this.secret, rawBody) : opts.signature;
    const headers: Record<string, string> = signature === null ? {} : { "x-signature": signature };
    const r = await this.transport(action, rawBody, headers);
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(r.body) as Record<string, unknown>;
    } catch {
      json = {};
    }
    return { http: r.status, raw: r.body, json };
  }

  /** Exchanges a launch token for a game session token. */
  authenticate(launchToken: string, fields: WireBody = {}, opts?: SendOptions): Promise<Answer> {
    return this.send("authenticate", { request_uuid: uid("auth"), timestamp: nowSeconds(), token: launchToken, ...fields }, opts);
  }
}

/** A member's live game session as a provider holds it: the session token and the calls that use it. */
export class LiveSession {
  constructor(
    readonly client: SeamlessClient,
    readonly memberId: number,
    readonly user: string,
    readonly token: string,
    readonly gameCode: string,
    readonly currency: string,
  ) {}

  /** The session fields every call carries, then the caller's. */
  body(fields: WireBody = {}): WireBody {
    return {
      request_uuid: uid("req"),
      timestamp: nowSeconds(),
      token: this.token,
      user: this.user,
      currency: this.currency,
      game_code: this.gameCode,
      ...fields,
    };
  }

  balance(fields: WireBody = {}, opts?: SendOptions) {
    return this.client.send("balance", this.body(fields), opts);
  }

  bet(transactionUuid: string, amount: bigint, round: string, fields: WireBody = {}, opts?: SendOptions) {
    return this.client.send(
      "bet",
      this.body({ round, round_closed: false, transaction_uuid: transactionUuid, amount, ...fields }),
      opts,
    );
  }

  win(
    transactionUuid: string,
    amount: bigint,
    round: string,
    reference: string | null,
    fields: WireBody = {},
    opts?: SendOptions,
  ) {
    return this.client.send(
      "win",
      this.body({
        round,
        round_closed: true,
        transaction_uuid: transactionUuid,
        reference_transaction_uuid: reference,
        amount,
        ...fields,
      }),
      opts,
    );
  }

  rollback(transactionUuid: string, reference: string, round: string, amount: bigint, fields: WireBody = {}, opts?: SendOptions) {
    return this.client.send(
      "rollback",
      this.body({
        round,
        round_closed: true,
        transaction_uuid: transactionUuid,
        reference_transaction_uuid: reference,
        amount,
        ...fields,
      }),
      opts,
    );
  }
}

let memberSeq = 0;

/** Cash in from the sandbox's clearing account, as a paid deposit brings it. */
export async function fund(db: Db, brand: Brand, memberId: number, amount: bigint): Promise<void> {
  const key = `test-deposit:${memberId}:${uid("dep")}`;
  await postTransfer(db, brand, {
    key,
    kind: "deposit",
    reference: `test:${key}`,
    legs: [
      { account: { house: "house:clearing:sandbox" }, amount: -amount },
      { account: { memberId, kind: "cash" }, amount },
    ],
  });
}

/**
 * A member with `cash` centavos (or a trial player on the demo balance) in a live session: a launch
 * token made as a game launch makes it, exchanged by the provider with a real authenticate call.
 */
export async function liveSession(
  db: Db,
  brand: Brand,
  client: SeamlessClient,
  opts: { cash?: bigint; trial?: boolean; provider?: string; gameCode?: string; prefix?: string; invitedBy?: Inviter } = {},
): Promise<LiveSession> {
  const member = await createMember(db, brand, {
    username: `${opts.prefix ?? "sw"}${process.pid % 1000}x${++memberSeq}`,
    password: null,
    type: opts.trial ? 4 : 0,
    invitedBy: opts.invitedBy ?? null,
  });
  if (opts.trial) await grantDemoBalance(db, brand, member.id);
  if (opts.cash && opts.cash > 0n) await fund(db, brand, member.id, opts.cash);
  const gameCode = opts.gameCode ?? "BGS_SLOT_1";
  const grant = await createLaunchToken(db, brand, {
    memberId: member.id,
    demo: Boolean(opts.trial),
    provider: opts.provider ?? "BGS",
    gameCode,
  });
  const auth = await client.authenticate(grant.launchToken);
  if (auth.json.status !== "RS_OK") throw new Error(`authenticate answered ${auth.raw}`);
  return new LiveSession(client, member.id, member.username, String(auth.json.token), gameCode, brand.currency);
}

type Row = Record<string, unknown>;
const rows = (db: Db, query: SQL) => rawRows<Row>(db, query);

/** What a call could have changed: the books' row counts and every balance of the brand, by account. */
export async function booksOf(db: Db, brand: Brand): Promise<Record<string, string>> {
  const m = brand.merchantCode;
  const [counts] = await rows(
    db,
    sql`select (select count(*) from wallet_transfers where merchant_code = ${m})::text as transfers,
               (select count(*) from wallet_entries e join wallet_transfers t on t.id = e.transfer_id where t.merchant_code = ${m})::text as entries,
               (select count(*) from seamless_transactions where merchant_code = ${m})::text as seamless_transactions,
               (select count(*) from game_rounds where merchant_code = ${m})::text as game_rounds,
               (select coalesce(sum(bet_centavos), 0) from game_rounds where merchant_code = ${m})::text as round_bets,
               (select coalesce(sum(win_centavos), 0) from game_rounds where merchant_code = ${m})::text as round_wins`,
  );
  const balances = await rows(
    db,
    // The sum of entries: house accounts that may go negative keep no cached balance.
    sql`select coalesce(a.member_id::text, '') || ':' || a.kind as account,
               coalesce((select sum(e.amount_centavos) from wallet_entries e where e.account_id = a.id), 0)::text as balance
        from wallet_accounts a where a.merchant_code = ${m} order by 1`,
  );
  return {
    ...(counts as Record<string, string>),
    ...Object.fromEntries(balances.map((b) => [String(b.account), String(b.balance)])),
  };
}

/** The wallet's round as the bet record reads it. */
export async function roundOf(db: Db, brand: Brand, memberId: number, round: string) {
  const [row] = await rows(
    db,
    sql`select bet_centavos::text as bet, win_centavos::text as win, closed, demo from game_rounds
        where merchant_code = ${brand.merchantCode} and member_id = ${memberId} and round = ${round}`,
  );
  return row
    ? { bet: BigInt(String(row.bet)), win: BigInt(String(row.win)), closed: Boolean(row.closed), demo: Boolean(row.demo) }
    : null;
}

/**
 * A test file's wallet on Lucky Peso: a test database and the project's brands, opened before its
 * tests and closed after, with a provider (BGS) calling the wallet straight through the protocol
 * reader. Read the fields inside tests (they are set once the file's tests start).
 */
export function walletOnLuckyPeso(secret: string) {
  const fixture = {} as { database: Database; registry: BrandRegistry; client: SeamlessClient };
  beforeAll(async () => {
    fixture.database = await createTestDatabase();
    fixture.registry = await projectBrands();
    fixture.client = new SeamlessClient(domainTransport(fixture.database.db, lucky(), "BGS", secret), secret);
  });
  afterAll(() => fixture.database?.close());
  const lucky = () => fixture.registry.byId.get("lucky-peso")!;
  return {
    db: () => fixture.database.db,
    client: () => fixture.client,
    lucky,
    /** A member with `cash` centavos (or a trial player) in a live session. */
    session: (opts: { cash?: bigint; trial?: boolean; prefix: string }) =>
      liveSession(fixture.database.db, lucky(), fixture.client, opts),
    cash: (s: LiveSession) => getBalance(fixture.database.db, lucky(), s.memberId, "cash"),
  };
}
