import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { memberDeclarations } from "~/db/schema";
import type { Declaration } from "~/domain/accounts/members.server";

/**
 * The declaration a player confirms at registration (issue 16, item 1): of the brand's minimum age,
 * not a government official, military or police, a gaming employee or a restricted person. What is
 * kept is the text as the page showed it, in its language, with a version (a hash of that text):
 * the form carries the version it showed, and a post whose version is not the one the server would
 * show now is sent back to be read again, so the stored version is always the one the player saw.
 */
export type { Declaration };

/** The first 16 hex digits of the text's SHA-256. */
export const declarationVersion = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);

/** The registration declaration of `brand` as its page shows it: `text`, in `language`. */
export function registrationDeclaration(brand: Brand, language: string, text: string): Declaration {
  return { kind: "registration", language, text, textVersion: declarationVersion(text), minimumAge: brand.minimumAge };
}

export interface DeclarationRecord extends Declaration {
  declaredAt: Date;
}

/** A member's declarations, the latest first (what support staff show a regulator). */
export async function memberDeclarationsOf(db: Db, brand: Brand, memberId: number): Promise<DeclarationRecord[]> {
  const rows = await db
    .select()
    .from(memberDeclarations)
    .where(and(eq(memberDeclarations.merchantCode, brand.merchantCode), eq(memberDeclarations.memberId, memberId)))
    .orderBy(desc(memberDeclarations.declaredAt), desc(memberDeclarations.id));
  return rows.map((r) => ({
    kind: r.kind as Declaration["kind"],
    language: r.language,
    text: r.text,
    textVersion: r.textVersion,
    minimumAge: r.minimumAge,
    declaredAt: r.declaredAt,
  }));
}
