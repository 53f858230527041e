import { describe, expect, it } from "vitest";
import {
  drawNumberFor,
  drawResult,
  drawTimes,
  ENTERTAINMENT_MARKETS,
  LOTTERY_BET_STEPS,
  LOTTERY_RTP_BPS,
  type LotteryTicket,
  settleTicket,
  type TicketInput,
  validateTicket,
} from "./lottery";
import { recordingRng, replayRng, seededRng } from "./rng";

const ALL_RESULTS = Array.from({ length: 1000 }, (_, n) => [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10]);
const ALL_PICKS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));
const utc = (iso: string) => new Date(`${iso}Z`);

describe("lottery draw", () => {
  it("draws three digits and replays a recorded draw", () => {
    for (let seed = 0; seed < 50; seed++) {
      const recorder = recordingRng(seededRng(seed));
      const result = drawResult(recorder);
      expect(result.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)).toBe(true);
      const replay = replayRng(recorder.draws);
      expect(drawResult(replay)).toEqual(result);
      expect(replay.remaining).toBe(0);
    }
  });

  it("draws every digit evenly in a seeded simulation", () => {
    const counts = new Array<number>(10).fill(0);
    const rng = seededRng(7);
    for (let i = 0; i < 100_000; i++) for (const d of drawResult(rng)) counts[d]++;
    // Each count is binomial(300,000, 1/10): standard deviation about 164, bound four of them.
    for (const c of counts) expect(Math.abs(c - 30_000)).toBeLessThan(660);
  });
});

describe("lottery tickets", () => {
  it("normalises valid tickets", () => {
    expect(validateTicket({ playType: "Tradition", pick: "007", mode: "Straight", betCentavos: 1000n })).toEqual({
      playType: "Tradition",
      pick: "007",
      mode: "straight",
      betCentavos: 1000n,
    });
    expect(validateTicket({ playType: "entertainment", market: "BIG", betCentavos: 100n })).toEqual({
      playType: "Entertainment",
      market: "big",
      betCentavos: 100n,
    });
    expect(validateTicket({ playType: "Tradition", pick: "112", mode: "rambol", betCentavos: 200n }).playType).toBe("Tradition");
  });

  it("refuses tickets out of the rules", () => {
    const bad: TicketInput[] = [
      { playType: "Tradition", pick: "777", mode: "rambol", betCentavos: 100n },
      { playType: "Tradition", pick: "12", mode: "straight", betCentavos: 100n },
      { playType: "Tradition", pick: "1234", mode: "straight", betCentavos: 100n },
      { playType: "Tradition", pick: "１２３", mode: "straight", betCentavos: 100n },
      { playType: "Tradition", pick: "12a", mode: "straight", betCentavos: 100n },
      { playType: "Tradition", pick: 123, mode: "straight", betCentavos: 100n },
      { playType: "Tradition", pick: "123", mode: "boxed", betCentavos: 100n },
      { playType: "Tradition", pick: "123", betCentavos: 100n },
      { playType: "Tradition", pick: "123", mode: "straight", market: "big", betCentavos: 100n },
      { playType: "Entertainment", market: "huge", betCentavos: 100n },
      { playType: "Entertainment", betCentavos: 100n },
      { playType: "Entertainment", market: "odd", pick: "123", betCentavos: 100n },
      { playType: "Pick6", market: "odd", betCentavos: 100n },
      { playType: "Entertainment", market: "odd", betCentavos: 150n },
      { playType: "Entertainment", market: "odd", betCentavos: 0n },
      { playType: "Entertainment", market: "odd", betCentavos: -100n },
      { playType: "Entertainment", market: "odd", betCentavos: 100 },
      { playType: "Entertainment", market: "odd", betCentavos: "100" },
    ];
    for (const input of bad)
      expect(
        () => validateTicket(input),
        JSON.stringify(input, (_, v) => String(v)),
      ).toThrow(RangeError);
  });

  it("settles each play type", () => {
    const ticket = (t: TicketInput) => validateTicket(t);
    expect(settleTicket(ticket({ playType: "Tradition", pick: "042", mode: "straight", betCentavos: 1000n }), [0, 4, 2])).toBe(
      450_000n,
    );
    expect(settleTicket(ticket({ playType: "Tradition", pick: "042", mode: "straight", betCentavos: 1000n }), [2, 4, 0])).toBe(
      0n,
    );
    expect(settleTicket(ticket({ playType: "Tradition", pick: "042", mode: "rambol", betCentavos: 1000n }), [2, 4, 0])).toBe(
      75_000n,
    );
    expect(settleTicket(ticket({ playType: "Tradition", pick: "232", mode: "rambol", betCentavos: 1000n }), [3, 2, 2])).toBe(
      150_000n,
    );
    expect(settleTicket(ticket({ playType: "Tradition", pick: "232", mode: "rambol", betCentavos: 1000n }), [3, 3, 2])).toBe(0n);
    expect(settleTicket(ticket({ playType: "Entertainment", market: "big", betCentavos: 100n }), [9, 4, 1])).toBe(195n);
    expect(settleTicket(ticket({ playType: "Entertainment", market: "small", betCentavos: 100n }), [9, 4, 1])).toBe(0n);
    expect(settleTicket(ticket({ playType: "Entertainment", market: "small", betCentavos: 20_000n }), [9, 4, 0])).toBe(39_000n);
    expect(settleTicket(ticket({ playType: "Entertainment", market: "odd", betCentavos: 100n }), [0, 0, 0])).toBe(0n);
    expect(settleTicket(ticket({ playType: "Entertainment", market: "even", betCentavos: 100n }), [0, 0, 0])).toBe(195n);
  });

  it("refuses to settle a tampered ticket or a malformed result", () => {
    const ticket = validateTicket({ playType: "Tradition", pick: "123", mode: "straight", betCentavos: 100n });
    expect(() => settleTicket({ ...ticket, pick: "99" } as LotteryTicket, [1, 2, 3])).toThrow(RangeError);
    expect(() => settleTicket({ ...ticket, betCentavos: 130n }, [1, 2, 3])).toThrow(RangeError);
    for (const result of [
      [1, 2],
      [1, 2, 10],
      [1, 2, -1],
      [1, 2, 3.5],
      [1, 2, 3, 4],
    ]) {
      expect(() => settleTicket(ticket, result)).toThrow(RangeError);
    }
  });

  it("returns exactly the documented RTP of every market, over all 1000 results", () => {
    for (const mode of ["straight", "rambol"] as const) {
      for (const pick of ALL_PICKS) {
        if (mode === "rambol" && new Set(pick).size === 1) continue;
        const ticket = validateTicket({ playType: "Tradition", pick, mode, betCentavos: 100n });
        const credited = ALL_RESULTS.reduce((sum, r) => sum + settleTicket(ticket, r), 0n);
        // RTP in bps = credited / (1000 × bet) × 10000, compared in exact integers.
        expect(credited * 10n, `${mode} ${pick}`).toBe(BigInt(LOTTERY_RTP_BPS[mode]) * 100n);
      }
    }
    for (const bet of [100n, 20_000n]) {
      for (const market of ENTERTAINMENT_MARKETS) {
        const ticket = validateTicket({ playType: "Entertainment", market, betCentavos: bet });
        const credited = ALL_RESULTS.reduce((sum, r) => sum + settleTicket(ticket, r), 0n);
        expect(credited * 10n).toBe(BigInt(LOTTERY_RTP_BPS[market]) * bet);
      }
    }
    for (const step of LOTTERY_BET_STEPS) expect((step * 195n) % 100n).toBe(0n);
  });
});

describe("lottery schedule", () => {
  it("lists draws aligned on the clock, across midnight and the year end", () => {
    expect(drawTimes(5, utc("2026-11-25T10:02:13"), 3).map((d) => d.toISOString())).toEqual([
      "2026-11-25T10:05:00.000Z",
      "2026-11-25T10:10:00.000Z",
      "2026-11-25T10:15:00.000Z",
    ]);
    // A draw time itself is included: the scheduler asks at the very millisecond.
    expect(drawTimes(5, utc("2026-11-25T10:05:00"), 1)[0].toISOString()).toBe("2026-11-25T10:05:00.000Z");
    expect(drawTimes(5, utc("2026-11-25T10:05:00.001"), 1)[0].toISOString()).toBe("2026-11-25T10:10:00.000Z");
    expect(drawTimes(15, utc("2026-12-31T23:40:00"), 3).map((d) => d.toISOString())).toEqual([
      "2026-12-31T23:45:00.000Z",
      "2027-01-01T00:00:00.000Z",
      "2027-01-01T00:15:00.000Z",
    ]);
    expect(drawTimes(1440, utc("2028-02-28T12:00:00"), 2).map((d) => d.toISOString())).toEqual([
      "2028-02-29T00:00:00.000Z",
      "2028-03-01T00:00:00.000Z",
    ]);
  });

  it("numbers draws within their UTC day, 0001 at midnight", () => {
    expect(drawNumberFor(utc("2026-11-25T00:00:00"), 5)).toBe("20261125-0001");
    expect(drawNumberFor(utc("2026-11-25T10:10:00"), 5)).toBe("20261125-0123");
    expect(drawNumberFor(utc("2026-11-25T10:07:30"), 5)).toBe("20261125-0123");
    expect(drawNumberFor(utc("2026-11-25T23:55:00"), 5)).toBe("20261125-0288");
    expect(drawNumberFor(utc("2026-11-25T23:55:00.001"), 5)).toBe("20261126-0001");
    expect(drawNumberFor(utc("2026-12-31T23:59:59.999"), 1)).toBe("20270101-0001");
    expect(drawNumberFor(utc("2026-12-31T23:59:00"), 1)).toBe("20261231-1440");
    expect(drawNumberFor(utc("2028-02-29T12:00:00"), 60)).toBe("20280229-0013");
    // The id agrees with the schedule for every draw of a day.
    for (const at of drawTimes(5, utc("2026-11-25T00:00:00"), 288)) {
      expect(drawNumberFor(at, 5)).toBe(drawNumberFor(new Date(at.getTime() - 1), 5));
    }
    const ids = drawTimes(5, utc("2026-11-25T00:00:00"), 288).map((d) => drawNumberFor(d, 5));
    expect(new Set(ids).size).toBe(288);
  });

  it("refuses intervals that do not divide the day, bad counts and invalid dates", () => {
    for (const interval of [0, -5, 7, 2.5, 1441, 2880, Number.NaN]) {
      expect(() => drawTimes(interval, new Date(), 1)).toThrow(RangeError);
      expect(() => drawNumberFor(new Date(), interval)).toThrow(RangeError);
    }
    for (const count of [0, -1, 1.5, 1441]) expect(() => drawTimes(5, new Date(), count)).toThrow(RangeError);
    expect(() => drawTimes(5, new Date("nope"), 1)).toThrow(RangeError);
    expect(() => drawNumberFor(new Date("nope"), 5)).toThrow(RangeError);
  });
});
