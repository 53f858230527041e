import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import {
  getKycSubmission,
  listKycSubmissions,
  REJECT_REASON,
  reviewKyc,
  type KycSummary,
} from "~/domain/compliance/kyc-review.server";
import type { Actor } from "~/domain/site/audit.server";

/** `npm run kyc`: support staff's review of identity verifications (issue 16, item 3). */
const id = z.number().int().positive("a submission id is a positive whole number");
const by = z.string().trim().min(1, "--by is required").max(100);
export const kycCommandSchemas = [
  z.object({ command: z.literal("kyc.list"), brand: z.string(), all: z.boolean().default(false) }),
  /** pictures: answer the ID photo and the selfie too (base64), for --out. */
  z.object({ command: z.literal("kyc.show"), brand: z.string(), id, pictures: z.boolean().default(false) }),
  z.object({
    command: z.literal("kyc.approve"),
    brand: z.string(),
    id,
    by,
    why: z.string().trim().min(1).max(500).default("identity documents checked"),
  }),
  z.object({
    command: z.literal("kyc.reject"),
    brand: z.string(),
    id,
    by,
    reason: z
      .string()
      .trim()
      .min(
        REJECT_REASON.min,
        `--reason is required: ${REJECT_REASON.min} to ${REJECT_REASON.max} characters the player will read`,
      )
      .max(REJECT_REASON.max, `--reason is at most ${REJECT_REASON.max} characters`),
  }),
] as const;

type KycCommand = z.output<(typeof kycCommandSchemas)[number]>;

/** A submission as JSON: times as ISO 8601. */
export interface KycSubmissionView {
  id: number;
  username: string;
  idType: string;
  idNumber: string;
  state: "pending" | "approved" | "rejected";
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

export interface KycPictureFile {
  name: "id-photo" | "selfie";
  contentType: string;
  base64: string;
}

export type KycCommandResult =
  | { ok: true; command: "kyc.list"; brand: string; all: boolean; submissions: KycSubmissionView[] }
  | { ok: true; command: "kyc.show"; brand: string; submission: KycSubmissionView; pictures: KycPictureFile[] }
  | { ok: true; command: "kyc.approve" | "kyc.reject"; brand: string; submission: KycSubmissionView; actor: Actor }
  | { ok: false; error: string };

const view = (s: KycSummary): KycSubmissionView => ({
  ...s,
  submittedAt: s.submittedAt.toISOString(),
  reviewedAt: s.reviewedAt?.toISOString() ?? null,
});

export async function runKycCommand(db: Db, brand: Brand, req: KycCommand): Promise<KycCommandResult> {
  switch (req.command) {
    case "kyc.list": {
      const rows = await listKycSubmissions(db, brand, { all: req.all });
      return { ok: true, command: req.command, brand: brand.id, all: req.all, submissions: rows.map(view) };
    }
    case "kyc.show": {
      const s = await getKycSubmission(db, brand, req.id, { pictures: req.pictures });
      if (!s) return { ok: false, error: `No identity verification ${req.id} in ${brand.id}.` };
      const { idPhoto, selfie, ...summary } = s;
      const pictures: KycPictureFile[] = [];
      if (idPhoto)
        pictures.push({ name: "id-photo", contentType: idPhoto.contentType, base64: idPhoto.bytes.toString("base64") });
      if (selfie) pictures.push({ name: "selfie", contentType: selfie.contentType, base64: selfie.bytes.toString("base64") });
      return { ok: true, command: req.command, brand: brand.id, submission: view(summary), pictures };
    }
    case "kyc.approve":
    case "kyc.reject": {
      const actor: Actor = { name: req.by, reason: req.command === "kyc.approve" ? req.why : req.reason };
      const decision =
        req.command === "kyc.approve" ? { approve: true as const } : { approve: false as const, reason: req.reason };
      const r = await reviewKyc(db, brand, req.id, decision, actor);
      if (r.ok) return { ok: true, command: req.command, brand: brand.id, submission: view(r.submission), actor };
      if (r.reason === "not_found") return { ok: false, error: `No identity verification ${req.id} in ${brand.id}.` };
      if (r.reason === "reason_length")
        return { ok: false, error: `The reason must be ${REJECT_REASON.min} to ${REJECT_REASON.max} characters.` };
      const s = r.submission;
      return {
        ok: false,
        error: `Identity verification ${s.id} of ${s.username} was already ${s.state}${s.reviewedBy ? ` by ${s.reviewedBy}` : ""}; nothing changed.`,
      };
    }
  }
}
