/**
 * Member types of spec §3/§6, read as one consistent set (docs/decisions/0009):
 *  0, 1, 2   real members: may sign in as a member and play;
 *  4         guest: a trial session with play money;
 *  40        agent-line account without agent rights (back office only);
 *  41, 42    agent-only accounts.
 * "Agent" is any type other than 0, 4 and 40, so 1 and 2 are agents who also play.
 */
export const GUEST_TYPE = 4;
export const MEMBER_TYPES = [0, 1, 2, 4, 40, 41, 42] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export function isRealMember(type: number): boolean {
  return type === 0 || type === 1 || type === 2;
}

export function isGuest(type: number): boolean {
  return type === GUEST_TYPE;
}

export function isAgent(type: number): boolean {
  return type !== 0 && type !== GUEST_TYPE && type !== 40;
}

/** Who may use which door of /m/login. */
export function maySignInAs(type: number, mode: "member" | "agent"): boolean {
  return mode === "member" ? isRealMember(type) : isAgent(type);
}
