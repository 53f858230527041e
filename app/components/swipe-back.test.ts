import { describe, expect, it } from "vitest";
import { isSwipeBack, SWIPE_BACK_EDGE_PX, SWIPE_BACK_THRESHOLD_PX } from "./swipe-back";

describe("isSwipeBack", () => {
  it("takes a rightward swipe of 100 px from the left edge (spec §2)", () => {
    expect(SWIPE_BACK_THRESHOLD_PX).toBe(100);
    expect(isSwipeBack({ x: 4, y: 300 }, { x: 104, y: 310 })).toBe(true);
    expect(isSwipeBack({ x: SWIPE_BACK_EDGE_PX, y: 300 }, { x: SWIPE_BACK_EDGE_PX + 180, y: 260 })).toBe(true);
  });

  it("refuses a swipe shorter than the threshold", () => {
    expect(isSwipeBack({ x: 4, y: 300 }, { x: 103, y: 300 })).toBe(false);
    expect(isSwipeBack({ x: 4, y: 300 }, { x: 64, y: 300 })).toBe(false);
  });

  it("refuses a swipe that starts away from the edge, as on a game row", () => {
    expect(isSwipeBack({ x: SWIPE_BACK_EDGE_PX + 1, y: 300 }, { x: 300, y: 300 })).toBe(false);
    expect(isSwipeBack({ x: 150, y: 300 }, { x: 400, y: 300 })).toBe(false);
  });

  it("refuses a leftward swipe and a scroll", () => {
    expect(isSwipeBack({ x: 10, y: 300 }, { x: -150, y: 300 })).toBe(false);
    expect(isSwipeBack({ x: 10, y: 300 }, { x: 130, y: 420 })).toBe(false);
    expect(isSwipeBack({ x: 10, y: 300 }, { x: 10, y: 600 })).toBe(false);
  });
});
