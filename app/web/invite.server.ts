import { isAgent, isRealMember } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import { countReferrals, referralLink } from "~/domain/accounts/referral.server";
import type { BrandContext } from "./guards.server";

export interface MemberInvite {
  code: string;
  /** The registration page of the host the member is on, carrying the code (read by urlInvitation). */
  link: string;
  /** Players who registered through the code. */
  referred: number;
}

/**
 * The signed-in member's referral code and link: only real members who are not agents (spec §6)
 * of a brand with AFFMAN3; null for anyone else.
 */
export async function inviteOf(request: Request, context: BrandContext): Promise<MemberInvite | null> {
  const { session, flags, brand, db } = context;
  if (!session || !flags.AFFMAN3 || !isRealMember(session.type) || isAgent(session.type)) return null;
  const member = await getMember(db, brand, session.memberId);
  if (!member) return null;
  const url = new URL(request.url);
  // Secure cookies mean the site is served over HTTPS, whatever scheme a TLS-terminating proxy forwarded.
  const origin = context.secureCookies ? `https://${url.host}` : url.origin;
  return {
    code: member.inviteCode,
    link: referralLink(origin, member.inviteCode),
    referred: await countReferrals(db, brand, member.id),
  };
}

/** The invite for the panel (`?panel=invite`): read only while it is open, so other pages cost no extra query. */
export async function memberInvite(request: Request, context: BrandContext): Promise<MemberInvite | null> {
  if (new URL(request.url).searchParams.get("panel") !== "invite") return null;
  return inviteOf(request, context);
}
