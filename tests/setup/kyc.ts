import { and, eq } from "drizzle-orm";
import type { Brand } from "../../app/brand/schema";
import type { Db } from "../../app/db/client.server";
import { kycSubmissions } from "../../app/db/schema";

/**
 * Identity verification for tests whose subject is something else (deposits, withdrawals, play):
 * brands ask for it before the first deposit by default (`compliance.kyc.deposit`), so a member
 * who deposits in a test is first given an approved verification, as support staff's approval
 * leaves it. tests/integration/kyc-http.test.ts tests the verification itself.
 */

/** A 1×1 PNG: the table holds the pictures' types, what they show is support staff's business. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Records an approved verification of the member, as `npm run kyc -- approve` leaves one (once: calling again adds none). */
export async function verifyMember(db: Db, brand: Pick<Brand, "merchantCode">, memberId: number): Promise<void> {
  const approved = and(
    eq(kycSubmissions.merchantCode, brand.merchantCode),
    eq(kycSubmissions.memberId, memberId),
    eq(kycSubmissions.state, "approved"),
  );
  if ((await db.select({ id: kycSubmissions.id }).from(kycSubmissions).where(approved).limit(1)).length > 0) return;
  await db.insert(kycSubmissions).values({
    merchantCode: brand.merchantCode,
    memberId,
    idType: "philsys",
    idNumber: "1234-5678-9012-3456",
    idPhoto: TINY_PNG,
    idPhotoType: "image/png",
    selfie: TINY_PNG,
    selfieType: "image/png",
    state: "approved",
    reviewedAt: new Date(),
    reviewedBy: "test fixture",
  });
}
