import { and, asc, eq, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, type Db } from "~/db/client.server";
import { violates } from "~/db/errors";
import { TRANSFER_KINDS, walletAccounts, walletEntries, walletTransfers } from "~/db/schema";

/**
 * The double-entry ledger. Every movement of money is one transfer whose legs sum to
 * zero, posted once per idempotency key. The database holds the same rules (migrations
 * 0005 and 0021): the statement that writes a transfer's entries moves their accounts'
 * cached balances, a CHECK refuses an overdraft of any account that may not go negative,
 * the same statement refuses a transfer that does not balance, and entries and transfers
 * are append-only.
 */

export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** The brand's own accounts. Clearing, settlement and expense accounts may go negative; the holds may not. */
export type HouseAccount =
  | "house:demo"
  | "house:holds"
  | "house:bonus"
  | "house:adjustments"
  | "house:fees"
  | "house:commissions"
  | `house:clearing:${string}`
  | `house:provider:${string}`;

export type AccountRef = { memberId: number; kind: "cash" | "demo" } | { house: HouseAccount };

export interface Leg {
  account: AccountRef;
  amount: bigint;
}

export interface TransferRequest {
  /** Unique per brand: the same key with the same content answers the first result again. */
  key: string;
  kind: TransferKind;
  /** What caused it: "order:D…", "withdrawal:W…", "support:…". */
  reference: string;
  legs: Leg[];
  /** Who and why (adjustments, reversals). Not part of the content a replay is compared on. */
  memo?: string;
  reversesId?: number;
}

export interface PostedTransfer {
  id: number;
  key: string;
  kind: TransferKind;
  reference: string;
  createdAt: Date;
  /** True when the key had been posted before: nothing moved this time. */
  replayed: boolean;
}

export class InvalidTransferError extends Error {}
/** An account that may not go negative would have. Nothing was posted. */
export class InsufficientFundsError extends Error {}
/** The key was posted before with other content. Nothing was posted. */
export class DuplicateTransferError extends Error {
  constructor(readonly key: string) {
    super(`transfer key ${key} was already used for a different transfer`);
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const HOUSE_RE = /^house:(demo|holds|bonus|adjustments|fees|commissions|clearing:[a-z0-9_-]{1,40}|provider:[A-Za-z0-9_-]{1,40})$/;

export function accountName(ref: AccountRef): string {
  return "house" in ref ? ref.house : `member:${ref.memberId}:${ref.kind}`;
}

const DEMO_KINDS: readonly TransferKind[] = ["demo_grant", "bet", "win", "rollback", "reversal"];

function validate(req: TransferRequest): void {
  if (!TRANSFER_KINDS.includes(req.kind)) throw new InvalidTransferError(`unknown transfer kind ${String(req.kind)}`);
  if (!req.key || req.key.length > 200) throw new InvalidTransferError("a transfer needs a key of 1-200 characters");
  if (req.legs.length < 2) throw new InvalidTransferError(`transfer ${req.key} needs at least two legs`);
  let total = 0n;
  const seen = new Set<string>();
  for (const leg of req.legs) {
    if (typeof leg.amount !== "bigint" || leg.amount === 0n)
      throw new InvalidTransferError(`transfer ${req.key} has a zero or non-integer leg`);
    const name = accountName(leg.account);
    if ("house" in leg.account && !HOUSE_RE.test(leg.account.house))
      throw new InvalidTransferError(`unknown house account ${name}`);
    if (seen.has(name)) throw new InvalidTransferError(`transfer ${req.key} names ${name} twice`);
    seen.add(name);
    total += leg.amount;
  }
  if (total !== 0n) throw new InvalidTransferError(`transfer ${req.key} sums to ${total}, not zero`);
  // Play money never meets real money: a transfer touching a demo account touches nothing else.
  const isDemo = (l: Leg) => ("kind" in l.account ? l.account.kind === "demo" : l.account.house === "house:demo");
  if (req.legs.some(isDemo) && (!req.legs.every(isDemo) || !DEMO_KINDS.includes(req.kind))) {
    throw new InvalidTransferError(`transfer ${req.key} mixes demo and cash accounts`);
  }
  if ((req.kind === "reversal") !== (req.reversesId !== undefined)) {
    throw new InvalidTransferError("a reversal, and only a reversal, names the transfer it reverses");
  }
}

/** A PostgreSQL array literal of the legs' values (member ids, account kinds and amounts are plain tokens). */
const arrayLiteral = (values: (string | number | null)[]) => `{${values.map((v) => (v === null ? "NULL" : `"${v}"`)).join(",")}}`;

/**
 * Posts a transfer, or answers the one posted before under the same key: one call of the
 * database function wallet_post_transfer (migration 0008), which locks the accounts that
 * may not go negative, refuses an overdraft without writing anything, and inserts the
 * transfer and its entries. Being one statement, it is atomic on the database handle
 * and leaves a caller's transaction usable when it refuses. Throws InsufficientFundsError,
 * DuplicateTransferError or InvalidTransferError, having posted nothing.
 */
export async function postTransfer(db: Db | Tx, brand: Brand, req: TransferRequest): Promise<PostedTransfer> {
  validate(req);
  const members = req.legs.map((l) => ("house" in l.account ? null : l.account.memberId));
  const kinds = req.legs.map((l) => ("house" in l.account ? l.account.house : l.account.kind));
  const amounts = req.legs.map((l) => l.amount.toString());
  let row: { transfer_id: number | null; transfer_created_at: Date | string | null; outcome: string } | undefined;
  try {
    [row] = await rawRows(
      db as Db,
      sql`select * from wallet_post_transfer(${brand.merchantCode}, ${req.key}, ${req.kind}, ${req.reference}, ${req.memo ?? null},
        ${req.reversesId ?? null}::integer, ${arrayLiteral(members)}::integer[], ${arrayLiteral(kinds)}::text[], ${arrayLiteral(amounts)}::bigint[])`,
    );
  } catch (err) {
    // The database's own rules, should the function's checks ever miss a case.
    if (violates(err, "23514", "wallet_accounts_not_negative"))
      throw new InsufficientFundsError(`transfer ${req.key}: not enough money`);
    throw err;
  }
  if (row?.outcome === "insufficient") throw new InsufficientFundsError(`transfer ${req.key}: not enough money`);
  if (row?.outcome !== "posted" && row?.outcome !== "replayed") throw new DuplicateTransferError(req.key);
  return {
    id: row.transfer_id!,
    key: req.key,
    kind: req.kind,
    reference: req.reference,
    createdAt: new Date(row.transfer_created_at!),
    replayed: row.outcome === "replayed",
  };
}

export interface TransferDetail {
  id: number;
  key: string;
  kind: TransferKind;
  reference: string;
  memo: string | null;
  reversesId: number | null;
  createdAt: Date;
  legs: { account: string; memberId: number | null; amount: bigint }[];
}

export async function getTransfer(db: Db | Tx, brand: Brand, id: number): Promise<TransferDetail | null> {
  const [t] = await db
    .select()
    .from(walletTransfers)
    .where(and(eq(walletTransfers.merchantCode, brand.merchantCode), eq(walletTransfers.id, id)))
    .limit(1);
  if (!t) return null;
  const legs = await db
    .select({ kind: walletAccounts.kind, memberId: walletAccounts.memberId, amount: walletEntries.amount })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(eq(walletEntries.transferId, t.id))
    .orderBy(asc(walletEntries.id));
  return {
    id: t.id,
    key: t.idempotencyKey,
    kind: t.kind as TransferKind,
    reference: t.reference,
    memo: t.memo,
    reversesId: t.reversesId,
    createdAt: t.createdAt,
    legs: legs.map((l) => ({
      account: l.memberId === null ? l.kind : `member:${l.memberId}:${l.kind}`,
      memberId: l.memberId,
      amount: l.amount,
    })),
  };
}

/**
 * Corrects a transfer by posting its mirror image (kind reversal). A transfer is reversed
 * at most once (a unique index); reversing money the player has already spent is refused.
 */
export async function reverseTransfer(
  db: Db | Tx,
  brand: Brand,
  transferId: number,
  memo: string,
): Promise<{ original: TransferDetail; reversal: PostedTransfer }> {
  const original = await getTransfer(db, brand, transferId);
  if (!original) throw new InvalidTransferError(`no transfer ${transferId} in this brand`);
  if (original.kind === "reversal") throw new InvalidTransferError(`transfer ${transferId} is itself a reversal`);
  const legs: Leg[] = original.legs.map((l) => ({
    account:
      l.memberId === null
        ? { house: l.account as HouseAccount }
        : { memberId: l.memberId, kind: l.account.endsWith(":demo") ? "demo" : "cash" },
    amount: -l.amount,
  }));
  const reversal = await postTransfer(db, brand, {
    key: `reversal:${transferId}`,
    kind: "reversal",
    reference: `transfer:${transferId}`,
    legs,
    memo,
    reversesId: transferId,
  });
  return { original, reversal };
}
