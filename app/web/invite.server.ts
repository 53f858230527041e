import { isAgent, isRealMember } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import type { BrandContext } from "./guards.server";

export interface MemberInvite {
  code: string;
  /** The registration page of the host the member is on, carrying the code (read by urlInvitation). */
  link: string;
}

/**
 * The signed-in member's referral code and link for the invite panel (`?panel=invite`): only real
 * members who are not agents (spec §6) of a brand with AFFMAN3. It is read only while the panel is
 * open, so other pages cost no extra query.
 */
export async function memberInvite(request: Request, context: BrandContext): Promise<MemberInvite | null> {
  const { session, flags, brand, db } = context;
  if (!session || !flags.AFFMAN3 || !isRealMember(session.type) || isAgent(session.type)) return null;
  const url = new URL(request.url);
  if (url.searchParams.get("panel") !== "invite") return null;
  const member = await getMember(db, brand, session.memberId);
  if (!member) return null;
  // Secure cookies mean the site is served over HTTPS, whatever scheme a TLS-terminating proxy forwarded.
  const origin = context.secureCookies ? `https://${url.host}` : url.origin;
  return { code: member.inviteCode, link: `${origin}/m/register?${new URLSearchParams({ affiliateCode: member.inviteCode })}` };
}
