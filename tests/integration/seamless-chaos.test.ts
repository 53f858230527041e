/**
 * The seamless-wallet API as a careless provider calls it, over HTTP: each player's bets, wins and
 * rollbacks shuffled, sent in bursts that race each other, some sent twice under the same
 * request_uuid, some again under a new one, with forged and hostile calls mixed in. The books are
 * then held to a model built only from the answers the provider received: the player's balance, the
 * provider's account (the demo account for a trial player's), every round of the bet record and
 * `ledger verify`, to the centavo.
 * A seeded generator makes every run the same; a failure names its seed.
 */
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../app/db/seed/random";
import { DEMO_BALANCE_CENTAVOS, getBalance, houseBalance } from "../../app/domain/wallet/balances.server";
import { roundOf, uid, type Answer, type LiveSession, type WireBody } from "../setup/seamless-client";
import { cash, database, expectExact, lucky, session, setUpSeamlessApi } from "./seamless-api-fixtures";

setUpSeamlessApi();

/** Draws from the demo catalogue's seeded generator, so a failing interleaving can be run again. */
function generator(seed: number) {
  const next = mulberry32(seed);
  return {
    chance: (p: number) => next() < p,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    shuffle<T>(xs: T[]): T[] {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j]!, xs[i]!];
      }
      return xs;
    },
  };
}
type Rng = ReturnType<typeof generator>;

type Action = "bet" | "win" | "rollback";
/** One money call as the provider means it: a transaction of a round. */
interface Op {
  action: Action;
  tx: string;
  round: string;
  amount: bigint;
  /** The bet a win or rollback names (null: a win of the round's bet). */
  ref: string | null;
}
/** One send of an op: its body fixed, so a replay is the same bytes. */
interface Send {
  op: Op;
  body: WireBody;
  answers: Answer[];
}
/** A call the wallet must refuse, and the status it must refuse it with. */
interface Forged {
  what: string;
  send(): Promise<Answer>;
  status: string;
}

const FUND = 6_000n;
const STATUSES: Record<Action, string[]> = {
  bet: ["RS_OK", "RS_ERROR_NOT_ENOUGH_MONEY", "RS_ERROR_DUPLICATE_TRANSACTION"],
  win: ["RS_OK", "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"],
  rollback: ["RS_OK"],
};

function opsOf(rng: Rng): Op[] {
  const ops: Op[] = [];
  for (let r = 0; r < 12; r++) {
    const round = uid("cr");
    const bet: Op = { action: "bet", tx: uid("cb"), round, amount: BigInt(rng.int(1, 20) * 100), ref: null };
    ops.push(bet);
    if (rng.chance(0.6)) {
      ops.push({
        action: "win",
        tx: uid("cw"),
        round,
        amount: BigInt(rng.int(0, 30) * 100),
        ref: rng.chance(0.5) ? bet.tx : null,
      });
    }
    if (rng.chance(0.3)) ops.push({ action: "rollback", tx: uid("cx"), round, amount: bet.amount, ref: bet.tx });
  }
  // A stake no order of the calls can cover with cash (at most FUND and twelve wins of ₱30).
  ops.push({ action: "bet", tx: uid("cb"), round: uid("cr"), amount: 100_000n, ref: null });
  return ops;
}

function bodyOf(s: LiveSession, op: Op): WireBody {
  const fields: WireBody = { round: op.round, round_closed: op.action !== "bet", transaction_uuid: op.tx, amount: op.amount };
  if (op.action !== "bet") fields.reference_transaction_uuid = op.ref;
  return s.body(fields);
}

function forgeries(s: LiveSession): Forged[] {
  const bet = () => bodyOf(s, { action: "bet", tx: uid("cf"), round: uid("cfr"), amount: 100n, ref: null });
  const withFields = (fields: WireBody) => ({ ...bet(), ...fields });
  return [
    {
      what: "a bet signed with another secret",
      send: () => s.client.send("bet", bet(), { secret: "not-the-secret" }),
      status: "RS_ERROR_INVALID_SIGNATURE",
    },
    {
      what: "a bet with no signature",
      send: () => s.client.send("bet", bet(), { signature: null }),
      status: "RS_ERROR_INVALID_SIGNATURE",
    },
    {
      what: "a bet ten minutes old",
      send: () => s.client.send("bet", withFields({ timestamp: Math.floor(Date.now() / 1000) - 600 })),
      status: "RS_ERROR_INVALID_SIGNATURE",
    },
    {
      what: "a bet in dollars",
      send: () => s.client.send("bet", withFields({ currency: "USD" })),
      status: "RS_ERROR_WRONG_CURRENCY",
    },
    { what: "a negative bet", send: () => s.client.send("bet", withFields({ amount: -500 })), status: "RS_ERROR_UNKNOWN" },
    { what: "a fractional bet", send: () => s.client.send("bet", withFields({ amount: 100.5 })), status: "RS_ERROR_UNKNOWN" },
    {
      what: "a bet on another token",
      send: () => s.client.send("bet", withFields({ token: "x".repeat(48) })),
      status: "RS_ERROR_INVALID_TOKEN",
    },
    {
      what: "a win of a bet never made",
      send: () => s.win(uid("cfw"), 5_000n, uid("cfr"), uid("cfb")),
      status: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
    },
  ];
}

/** Sends every call of one player, shuffled with its replays and forgeries, in bursts of up to eight at once. */
async function play(rng: Rng, s: LiveSession) {
  const sends: Send[] = [];
  const queue: (() => Promise<unknown>)[] = [];
  for (const op of opsOf(rng)) {
    const first: Send = { op, body: bodyOf(s, op), answers: [] };
    sends.push(first);
    const fire = (send: Send) => () => s.client.send(op.action, send.body).then((a) => send.answers.push(a));
    queue.push(fire(first));
    // The same request again (a provider that timed out and resent it), and the same transaction under a new request_uuid.
    if (rng.chance(0.3)) queue.push(fire(first));
    if (rng.chance(0.25)) {
      const again: Send = { op, body: { ...first.body, request_uuid: uid("req") }, answers: [] };
      sends.push(again);
      queue.push(fire(again));
    }
  }
  const forged = forgeries(s).map((f) => ({ ...f, answer: undefined as Answer | undefined }));
  for (const f of forged) queue.push(() => f.send().then((a) => (f.answer = a)));
  rng.shuffle(queue);
  while (queue.length) await Promise.all(queue.splice(0, rng.int(1, 8)).map((fire) => fire()));
  return { sends, forged };
}

const statusOf = (a: Answer) => String(a.json.status);
const withoutRequest = (a: Answer) => ({ ...a.json, request_uuid: undefined });

describe("a careless provider", () => {
  for (const seed of [1, 7, 2026]) {
    it(`leaves the books as its answers say, to the centavo (seed ${seed})`, async () => {
      // Three players with cash and a trial player on demo money, which must never meet the cash.
      const players = await Promise.all([...Array.from({ length: 3 }, () => session({ cash: FUND })), session({ trial: true })]);
      const trial = (i: number) => i === players.length - 1;
      const houses = () =>
        Promise.all([houseBalance(database.db, lucky(), "house:provider:BGS"), houseBalance(database.db, lucky(), "house:demo")]);
      const housesBefore = await houses();
      // A generator per player: the bursts' sizes do not depend on which player's answers come first.
      const played = await Promise.all(players.map((s, i) => play(generator(seed * 31 + i), s)));

      const moved = { cash: 0n, demo: 0n };
      for (const [i, s] of players.entries()) {
        const { sends, forged } = played[i]!;
        for (const f of forged) expect(f.answer?.json.status, `${f.what} (seed ${seed})`).toBe(f.status);

        const byTx = new Map<string, { op: Op; answers: Answer[] }>();
        for (const send of sends) {
          // A request sent twice is answered twice with the same bytes.
          for (const a of send.answers) expect(a.raw, `replay of ${send.op.tx} (seed ${seed})`).toBe(send.answers[0]!.raw);
          const entry = byTx.get(send.op.tx) ?? { op: send.op, answers: [] };
          entry.answers.push(...send.answers);
          byTx.set(send.op.tx, entry);
        }
        for (const { op, answers } of byTx.values()) {
          for (const a of answers) {
            expect(a.http).toBe(200);
            expect(STATUSES[op.action], `${op.action} ${op.tx}: ${a.raw} (seed ${seed})`).toContain(statusOf(a));
            expect(Number(a.json.balance)).toBeGreaterThanOrEqual(0);
          }
          // A bet or rollback sent again under a new request_uuid gets its first answer (a refused win is not kept).
          if (op.action !== "win") for (const a of answers) expect(withoutRequest(a)).toEqual(withoutRequest(answers[0]!));
        }

        const ok = (tx: string | null) => tx !== null && (byTx.get(tx)?.answers.some((a) => statusOf(a) === "RS_OK") ?? false);
        const ops = [...byTx.values()].map((e) => e.op);
        const rolledBack = new Set(ops.filter((o) => o.action === "rollback" && ok(o.tx)).map((o) => o.ref));
        const bets = ops.filter((o) => o.action === "bet");
        const standing = (bet: Op) => ok(bet.tx) && !rolledBack.has(bet.tx);
        for (const bet of bets) {
          const status = statusOf(byTx.get(bet.tx)!.answers[0]!);
          // A bet refused as a duplicate is one whose rollback came first; one refused for money saw too little.
          if (status === "RS_ERROR_DUPLICATE_TRANSACTION") expect(rolledBack.has(bet.tx)).toBe(true);
          if (status === "RS_ERROR_NOT_ENOUGH_MONEY")
            expect(Number(byTx.get(bet.tx)!.answers[0]!.json.balance)).toBeLessThan(Number(bet.amount));
        }

        // The provider retries every win it was told had no bet: it pays exactly when its bet stands.
        for (const win of ops.filter((o) => o.action === "win" && !ok(o.tx))) {
          const bet = bets.find((b) => b.round === win.round)!;
          const retry = await s.client.send("win", bodyOf(s, win));
          expect(statusOf(retry), `retried win ${win.tx} (seed ${seed})`).toBe(
            standing(bet) ? "RS_OK" : "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
          );
          byTx.get(win.tx)!.answers.push(retry);
        }

        const wins = ops.filter((o) => o.action === "win" && ok(o.tx));
        const sum = (xs: Op[]) => xs.reduce((t, o) => t + o.amount, 0n);
        const start = trial(i) ? DEMO_BALANCE_CENTAVOS : FUND;
        const expected = start - sum(bets.filter(standing)) + sum(wins);
        expect(await getBalance(database.db, lucky(), s.memberId, trial(i) ? "demo" : "cash"), `player ${i} (seed ${seed})`).toBe(
          expected,
        );
        if (trial(i)) expect(await cash(s)).toBe(0n);
        expect((await s.balance()).json).toMatchObject({ status: "RS_OK", balance: Number(expected) });
        moved[trial(i) ? "demo" : "cash"] += expected - start;

        // Each round of the bet record holds what stands of it.
        for (const bet of bets) {
          const round = await roundOf(database.db, lucky(), s.memberId, bet.round);
          expect({ bet: round?.bet ?? 0n, win: round?.win ?? 0n }, `round ${bet.round} (seed ${seed})`).toEqual({
            bet: standing(bet) ? bet.amount : 0n,
            win: sum(wins.filter((w) => w.round === bet.round)),
          });
        }
      }
      // The interleavings reached every outcome the model tells apart.
      const seen = new Set(played.flatMap((p) => p.sends.flatMap((x) => x.answers.map((a) => `${x.op.action}:${statusOf(a)}`))));
      for (const [action, statuses] of Object.entries(STATUSES))
        for (const st of statuses) expect(seen, `seed ${seed}`).toContain(`${action}:${st}`);
      // What the players gained the provider's account paid (the demo account, for demo money), and nothing else moved.
      const housesAfter = await houses();
      expect([housesAfter[0] - housesBefore[0], housesAfter[1] - housesBefore[1]]).toEqual([-moved.cash, -moved.demo]);
      await expectExact();
    });
  }
});
