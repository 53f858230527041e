import { and, count, eq } from "drizzle-orm";
import type QRCode from "qrcode";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { members } from "~/db/schema";

/**
 * Referral: a member hands out a link to the registration page carrying their invite code; a player
 * who registers through it is recorded with members.referrer_id (set once, at registration, by
 * m.register.server.ts). The QR code is drawn here, on the server, so no third-party service ever
 * sees a member's link.
 */

/** The registration link of a code on `origin`: m.register reads `affiliateCode` (spec §3 registration payload). */
export function referralLink(origin: string, inviteCode: string): string {
  return `${origin}/m/register?${new URLSearchParams({ affiliateCode: inviteCode })}`;
}

/**
 * Dark modules on a white quiet zone: phone cameras read a QR code by its contrast, so it keeps
 * these two neutrals in every brand's theme. Error correction M survives a scuffed screen.
 */
export const REFERRAL_QR_OPTIONS = {
  type: "svg",
  errorCorrectionLevel: "M",
  margin: 2,
  color: { dark: "#000000", light: "#ffffff" },
} as const satisfies QRCode.QRCodeToStringOptions;

export async function referralQrSvg(link: string): Promise<string> {
  // Loaded when a member first opens the invite panel.
  const { toString } = await import("qrcode");
  return toString(link, REFERRAL_QR_OPTIONS);
}

/** How many players registered through this member's code. */
export async function countReferrals(db: Db, brand: Brand, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.referrerId, memberId)));
  return Number(row?.n ?? 0);
}
