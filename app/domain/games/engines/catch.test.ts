import { describe, expect, it } from "vitest";
import {
  CATCH_BET_STEPS,
  CATCH_DEFAULT_RTP_BPS,
  CATCH_MAX_RTP_BPS,
  CATCH_MAX_VOLLEY,
  CATCH_MIN_RTP_BPS,
  FISH_BOSS,
  FISH_TARGETS,
  type FishTarget,
  shoot,
  volley,
} from "./catch";
import { type Rng, recordingRng, replayRng, seededRng } from "./rng";

const TARGETS = Object.keys(FISH_TARGETS) as FishTarget[];

/** An Rng that answers `value` and remembers the bounds it was asked for. */
function fixed(value: number): Rng & { bounds: number[] } {
  const bounds: number[] = [];
  return {
    bounds,
    int(n) {
      bounds.push(n);
      return value;
    },
  };
}

describe("fish catch", () => {
  it("has the multipliers of the lobby, the boss at 300", () => {
    expect(Object.values(FISH_TARGETS)).toEqual([2, 3, 5, 10, 20, 50, 100, 300]);
    expect(FISH_TARGETS[FISH_BOSS]).toBe(300);
  });

  it("catches with probability exactly rtpBps / (10000 × multiplier): one draw below 10000 × m, caught below rtpBps", () => {
    for (const target of TARGETS) {
      const m = FISH_TARGETS[target];
      for (const rtpBps of [CATCH_MIN_RTP_BPS, CATCH_DEFAULT_RTP_BPS, CATCH_MAX_RTP_BPS]) {
        const edge = fixed(rtpBps - 1);
        const hit = shoot({ betCentavos: 500n, target, rtpBps }, edge);
        expect(edge.bounds).toEqual([10_000 * m]);
        expect(hit).toEqual({ target, multiplier: m, caught: true, betCentavos: 500n, winCentavos: 500n * BigInt(m) });
        expect(shoot({ betCentavos: 500n, target, rtpBps }, fixed(rtpBps)).caught).toBe(false);
        expect(shoot({ betCentavos: 500n, target, rtpBps }, fixed(10_000 * m - 1)).winCentavos).toBe(0n);
      }
    }
    // Spelled out on the smallest fish: of all 20,000 equally likely draws, exactly 9,600 catch.
    let caught = 0;
    for (let v = 0; v < 20_000; v++) if (shoot({ betCentavos: 100n, target: "shrimp" }, replayRng([v])).caught) caught++;
    expect(caught).toBe(CATCH_DEFAULT_RTP_BPS);
  });

  it("returns the RTP on every target in a seeded simulation", () => {
    // Catches per target are binomial: the bound is four standard deviations of the count.
    const shots = 100_000;
    const rng = seededRng(42);
    for (const rtpBps of [CATCH_DEFAULT_RTP_BPS, CATCH_MIN_RTP_BPS]) {
      for (const target of TARGETS) {
        const m = FISH_TARGETS[target];
        let credited = 0n;
        for (let i = 0; i < shots; i++) credited += shoot({ betCentavos: 100n, target, rtpBps }, rng).winCentavos;
        const catches = Number(credited / (100n * BigInt(m)));
        const p = rtpBps / (10_000 * m);
        expect(Math.abs(catches - shots * p), `${target} at ${rtpBps}`).toBeLessThan(4 * Math.sqrt(shots * p * (1 - p)));
      }
    }
  });

  it("fires a volley of shots, costing shots × bet", () => {
    const round = volley({ betCentavos: 200n, targets: ["shrimp", "shark", "shrimp"], rtpBps: 9000 }, replayRng([8999, 0, 9000]));
    expect(round.shots.map((s) => [s.target, s.caught, s.winCentavos])).toEqual([
      ["shrimp", true, 400n],
      ["shark", true, 10_000n],
      ["shrimp", false, 0n],
    ]);
    expect(round.totalBetCentavos).toBe(600n);
    expect(round.totalWinCentavos).toBe(10_400n);
  });

  it("refuses bets off the steps, unknown targets, RTPs out of range and empty or oversized volleys", () => {
    const refused = [
      () => shoot({ betCentavos: 150n, target: "shrimp" }, seededRng(1)),
      () => shoot({ betCentavos: 0n, target: "shrimp" }, seededRng(1)),
      () => shoot({ betCentavos: -100n, target: "shrimp" }, seededRng(1)),
      () => shoot({ betCentavos: 100 as unknown as bigint, target: "shrimp" }, seededRng(1)),
      () => shoot({ betCentavos: 100n, target: "mermaid" as FishTarget }, seededRng(1)),
      () => shoot({ betCentavos: 100n, target: "toString" as FishTarget }, seededRng(1)),
      () => shoot({ betCentavos: 100n, target: "shrimp", rtpBps: CATCH_MIN_RTP_BPS - 1 }, seededRng(1)),
      () => shoot({ betCentavos: 100n, target: "shrimp", rtpBps: CATCH_MAX_RTP_BPS + 1 }, seededRng(1)),
      () => shoot({ betCentavos: 100n, target: "shrimp", rtpBps: 9600.5 }, seededRng(1)),
      () => shoot({ betCentavos: 100n, target: "shrimp", rtpBps: Number.NaN }, seededRng(1)),
      () => volley({ betCentavos: 100n, targets: [] }, seededRng(1)),
      () => volley({ betCentavos: 100n, targets: new Array<FishTarget>(CATCH_MAX_VOLLEY + 1).fill("shrimp") }, seededRng(1)),
      () => volley({ betCentavos: 100n, targets: ["shrimp", "kraken" as FishTarget] }, seededRng(1)),
      () => volley({ betCentavos: 100n, targets: "shrimp" as unknown as FishTarget[] }, seededRng(1)),
    ];
    for (const attempt of refused) expect(attempt).toThrow(RangeError);
    for (const step of CATCH_BET_STEPS) expect(step % 20n).toBe(0n);
  });

  it("replays a recorded volley to the same outcome", () => {
    for (let seed = 0; seed < 20; seed++) {
      const input = { betCentavos: 1000n, targets: TARGETS, rtpBps: 9700 };
      const recorder = recordingRng(seededRng(seed));
      const round = volley(input, recorder);
      const replay = replayRng(recorder.draws);
      expect(volley(input, replay)).toEqual(round);
      expect(replay.remaining).toBe(0);
    }
  });
});
