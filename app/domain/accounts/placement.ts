import { isAgent } from "./member-types";

/** The part of an account that decides where a new account joins the agent tree. */
export interface Inviter {
  id: number;
  type: number;
  agentId: number | null;
  upline: number[];
}

export interface Placement {
  referrerId: number | null;
  agentId: number | null;
  upline: number[];
}

/**
 * Where a new account sits (issue 17, ADR 0037). An agent made under a parent, or a player invited by
 * an agent's code, joins that agent's downline. A player invited by another player is that player's
 * referral and joins the same agent's downline, so an agent's team grows through its players' invites.
 * Anyone else belongs to no agent.
 */
export function placement(input: { invitedBy: Inviter | null; parentAgent: Inviter | null }): Placement {
  const under = input.parentAgent ?? (input.invitedBy && isAgent(input.invitedBy.type) ? input.invitedBy : null);
  const referrerId = input.parentAgent ? null : (input.invitedBy?.id ?? null);
  if (under) return { referrerId, agentId: under.id, upline: [...under.upline, under.id] };
  if (input.invitedBy) return { referrerId, agentId: input.invitedBy.agentId, upline: [...input.invitedBy.upline] };
  return { referrerId: null, agentId: null, upline: [] };
}
