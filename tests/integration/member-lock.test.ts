import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { memberExclusions, memberLimits } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { activeExclusion, exclusionEnd, startExclusion } from "../../app/domain/compliance/exclusions.server";
import { memberLimitSettings, setLimit } from "../../app/domain/compliance/limits.server";
import { lockMember } from "../../app/domain/compliance/member-lock.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

/**
 * The player's own settings are decided under the member's row lock, at the moment the lock was
 * granted. A change that had to wait is judged after the one it waited for, never at the earlier
 * moment it arrived: judged then, the other's exclusion would seem not to have begun and its lower
 * limit not to be in force yet (seen in CI as two exclusions from twenty posts at once).
 */
let database: Database;
let registry: BrandRegistry;
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
});
afterAll(() => database?.close());
const lucky = () => registry.byId.get("lucky-peso")!;

let seq = 0;
const newMember = () =>
  createMember(database.db, lucky(), { username: `mlk${process.pid % 1000}x${++seq}`, password: "goodpass12", type: 0 });

/**
 * Holds the member's lock in a transaction of its own, starts `waiting` (which must queue behind
 * it), lets a moment pass, then has `write` run in the holding transaction (its rows stamped with
 * the time then, after `waiting` arrived) and commits.
 */
async function whileLocked<T>(
  memberId: number,
  waiting: () => Promise<T>,
  write: (tx: Database["db"], at: Date) => Promise<unknown>,
) {
  let granted!: () => void;
  const held = new Promise<void>((resolve) => (granted = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = database.db.transaction(async (tx) => {
    await lockMember(tx, lucky(), memberId);
    granted();
    await released;
    await write(tx as unknown as Database["db"], new Date());
  });
  await held;
  const waiter = waiting();
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  await holder;
  return waiter;
}

describe(`decisions under the member's lock on ${TEST_ENGINE}`, () => {
  it("an exclusion asked for while another is being started sees that one as running", async () => {
    const member = await newMember();
    const outcome = await whileLocked(
      member.id,
      () => startExclusion(database.db, lucky(), member.id, "30d"),
      (tx, at) =>
        tx.insert(memberExclusions).values({
          merchantCode: lucky().merchantCode,
          memberId: member.id,
          kind: "cooling_off",
          period: "30d",
          startsAt: at,
          endsAt: exclusionEnd("30d", at),
        }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "not_longer" });
    expect(await activeExclusion(database.db, lucky(), member.id)).toMatchObject({ period: "30d" });
  });

  it("a raise asked for while a lowering is being written waits its 24 hours", async () => {
    const member = await newMember();
    const outcome = await whileLocked(
      member.id,
      () => setLimit(database.db, lucky(), member.id, { kind: "bet", period: "week", amount: 200_00n }),
      (tx, at) =>
        tx.insert(memberLimits).values({
          merchantCode: lucky().merchantCode,
          memberId: member.id,
          kind: "bet",
          period: "week",
          amount: 100_00n,
          effectiveAt: at,
          createdAt: at,
        }),
    );
    expect(outcome).toMatchObject({ ok: true, immediate: false });
    const slot = (await memberLimitSettings(database.db, lucky(), member.id)).find(
      (s) => s.kind === "bet" && s.period === "week",
    )!;
    expect(slot).toMatchObject({ amount: 100_00n, pending: { amount: 200_00n } });
  });
});
