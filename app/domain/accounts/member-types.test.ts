import { describe, expect, it } from "vitest";
import { isAgent, isGuest, isRealMember, maySignInAs, MEMBER_TYPES } from "./member-types";

describe("member types", () => {
  it("splits the spec's types into members, guests and agents", () => {
    expect(MEMBER_TYPES.filter(isRealMember)).toEqual([0, 1, 2]);
    expect(MEMBER_TYPES.filter(isGuest)).toEqual([4]);
    expect(MEMBER_TYPES.filter(isAgent)).toEqual([1, 2, 41, 42]);
  });

  it("keeps the member and agent doors apart", () => {
    expect(maySignInAs(0, "member")).toBe(true);
    expect(maySignInAs(0, "agent")).toBe(false);
    expect(maySignInAs(41, "member")).toBe(false);
    expect(maySignInAs(41, "agent")).toBe(true);
    expect(maySignInAs(4, "member")).toBe(false);
    expect(maySignInAs(4, "agent")).toBe(false);
    expect(maySignInAs(40, "member")).toBe(false);
    expect(maySignInAs(40, "agent")).toBe(false);
  });
});
