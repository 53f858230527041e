import crypto from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { violates } from "~/db/errors";
import { TRANSFER_KINDS, walletAccounts, walletEntries, walletTransfers } from "~/db/schema";

/**
 * The double-entry ledger. Every movement of money is one transfer whose legs sum to
 * zero, posted once per idempotency key. The database holds the same rules (migration
 * 0005): each entry moves its account's cached balance in the same statement, a CHECK
 * refuses an overdraft of any account that may not go negative, a deferred trigger
 * refuses a transfer that does not balance, and entries and transfers are append-only.
 */

export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** The brand's own accounts. Clearing, settlement and expense accounts may go negative; the holds may not. */
export type HouseAccount =
  | "house:demo"
  | "house:holds"
  | "house:bonus"
  | "house:adjustments"
  | "house:fees"
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

const HOUSE_RE = /^house:(demo|holds|bonus|adjustments|fees|clearing:[a-z0-9_-]{1,40}|provider:[A-Za-z0-9_-]{1,40})$/;

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

function fingerprint(req: TransferRequest): string {
  const legs = req.legs.map((l) => `${accountName(l.account)}=${l.amount}`).sort();
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([req.kind, req.reference, req.reversesId ?? null, legs]))
    .digest("hex");
}

async function accountId(tx: Tx, brand: Brand, ref: AccountRef): Promise<number> {
  const memberId = "house" in ref ? null : ref.memberId;
  const kind = "house" in ref ? ref.house : ref.kind;
  const where = and(
    eq(walletAccounts.merchantCode, brand.merchantCode),
    memberId === null ? isNull(walletAccounts.memberId) : eq(walletAccounts.memberId, memberId),
    eq(walletAccounts.kind, kind),
  );
  const [found] = await tx.select({ id: walletAccounts.id }).from(walletAccounts).where(where).limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(walletAccounts)
    .values({ merchantCode: brand.merchantCode, memberId, kind, mayGoNegative: memberId === null && kind !== "house:holds" })
    .onConflictDoNothing()
    .returning({ id: walletAccounts.id });
  if (made) return made.id;
  const [raced] = await tx.select({ id: walletAccounts.id }).from(walletAccounts).where(where).limit(1);
  return raced!.id;
}

/**
 * Posts a transfer, or answers the one posted before under the same key. Works on the
 * database handle or inside a caller's transaction (as a savepoint), so a withdrawal's
 * hold and its row commit together. Throws InsufficientFundsError,
 * DuplicateTransferError or InvalidTransferError, having posted nothing.
 */
export async function postTransfer(db: Db | Tx, brand: Brand, req: TransferRequest): Promise<PostedTransfer> {
  validate(req);
  const print = fingerprint(req);
  try {
    return await db.transaction(async (tx) => {
      const [t] = await tx
        .insert(walletTransfers)
        .values({
          merchantCode: brand.merchantCode,
          idempotencyKey: req.key,
          kind: req.kind,
          reference: req.reference,
          fingerprint: print,
          memo: req.memo ?? null,
          reversesId: req.reversesId ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: walletTransfers.id, createdAt: walletTransfers.createdAt });
      if (!t) {
        const first = await transferByKey(tx, brand, req.key);
        if (!first || first.fingerprint !== print) throw new DuplicateTransferError(req.key);
        return {
          id: first.id,
          key: req.key,
          kind: req.kind,
          reference: req.reference,
          createdAt: first.createdAt,
          replayed: true,
        };
      }
      const legs = await Promise.all(
        req.legs.map(async (l) => ({ id: await accountId(tx, brand, l.account), amount: l.amount })),
      );
      // Accounts are locked in id order, so two transfers over the same accounts never deadlock.
      legs.sort((a, b) => a.id - b.id);
      for (const leg of legs) await tx.insert(walletEntries).values({ transferId: t.id, accountId: leg.id, amount: leg.amount });
      return { id: t.id, key: req.key, kind: req.kind, reference: req.reference, createdAt: t.createdAt, replayed: false };
    });
  } catch (err) {
    if (violates(err, "23514", "wallet_accounts_not_negative"))
      throw new InsufficientFundsError(`transfer ${req.key}: not enough money`);
    if (violates(err, "23505", "wallet_transfers_reverses_idx")) throw new DuplicateTransferError(req.key);
    throw err;
  }
}

async function transferByKey(db: Db | Tx, brand: Brand, key: string) {
  const [row] = await db
    .select()
    .from(walletTransfers)
    .where(and(eq(walletTransfers.merchantCode, brand.merchantCode), eq(walletTransfers.idempotencyKey, key)))
    .limit(1);
  return row;
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
