import { and, eq, gt, lt } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { captchas } from "~/db/schema";
import { hashToken, randomToken, safeEqual } from "~/utils/tokens.server";

/** A numeric captcha (spec: digits, at most 6) drawn on the server as SVG: no third-party service. */
export const CAPTCHA_LENGTH = 4;
const CAPTCHA_TTL_MS = 5 * 60 * 1000;

function answerHash(brand: Brand, token: string, answer: string): string {
  return hashToken(`${brand.merchantCode}:${token}:${answer}`);
}

/** A new challenge: its token (for the player's cookie) and its picture. */
export async function createCaptcha(db: Db, brand: Brand): Promise<{ token: string; svg: string }> {
  // Loaded on the first captcha (its font and drawing code are memory most servers rarely need).
  const { default: svgCaptcha } = await import("svg-captcha");
  const drawn = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    charPreset: "0123456789",
    noise: 2,
    color: true,
    background: "#f4f1ea",
  });
  const token = randomToken(16);
  const now = new Date();
  // Old, unanswered challenges are swept as new ones are made.
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({
    id: hashToken(token),
    merchantCode: brand.merchantCode,
    answerHash: answerHash(brand, token, drawn.text),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { token, svg: drawn.data };
}

/** Checks an answer once: right or wrong, the challenge is used up. */
export async function checkCaptcha(db: Db, brand: Brand, token: string | null, answer: string | undefined): Promise<boolean> {
  if (!token || !answer) return false;
  const [row] = await db
    .delete(captchas)
    .where(
      and(eq(captchas.id, hashToken(token)), eq(captchas.merchantCode, brand.merchantCode), gt(captchas.expiresAt, new Date())),
    )
    .returning({ answerHash: captchas.answerHash });
  return row ? safeEqual(row.answerHash, answerHash(brand, token, answer.trim())) : false;
}
