import { describe, expect, it } from "vitest";
import { placement } from "./placement";

const agent = { id: 7, type: 41, agentId: 3, upline: [3] };
const player = { id: 20, type: 0, agentId: 7, upline: [3, 7] };
const loner = { id: 30, type: 0, agentId: null, upline: [] };

describe("placement in the agent tree", () => {
  it("puts a player invited by an agent under that agent, with the agent as referrer", () => {
    expect(placement({ invitedBy: agent, parentAgent: null })).toEqual({ referrerId: 7, agentId: 7, upline: [3, 7] });
  });
  it("puts a player invited by a player in the same agent's downline", () => {
    expect(placement({ invitedBy: player, parentAgent: null })).toEqual({ referrerId: 20, agentId: 7, upline: [3, 7] });
  });
  it("leaves a player invited by a player of no agent outside every tree", () => {
    expect(placement({ invitedBy: loner, parentAgent: null })).toEqual({ referrerId: 30, agentId: null, upline: [] });
  });
  it("puts a sub-agent under its parent, with no referrer", () => {
    expect(placement({ invitedBy: null, parentAgent: agent })).toEqual({ referrerId: null, agentId: 7, upline: [3, 7] });
  });
  it("treats agents who also play (types 1 and 2) as agents", () => {
    expect(placement({ invitedBy: { ...agent, type: 1 }, parentAgent: null }).agentId).toBe(7);
  });
  it("places nobody without an inviter or parent", () => {
    expect(placement({ invitedBy: null, parentAgent: null })).toEqual({ referrerId: null, agentId: null, upline: [] });
  });
});
