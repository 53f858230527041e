import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { APPLICATION_STATUSES } from "~/db/schema";
import {
  approveApplication,
  getApplication,
  listApplications,
  rejectApplication,
  ReviewRefusedError,
  setIntake,
  type ApplicationSummary,
} from "~/domain/promotions/application-review.server";
import { promotionKeyExists } from "~/domain/promotions/promotions.server";
import type { Actor } from "~/domain/site/audit.server";
import { InsufficientFundsError } from "~/domain/wallet/ledger.server";
import { parsePesoAmount } from "~/utils/money";

/** `npm run promotions`: promotion applications (list, show with their images, approve, reject) and intake. */
const who = {
  by: z.string().trim().min(1, "--by is required").max(100),
  why: z.string().trim().min(1, "--why is required").max(500),
};
const id = z.number().int().positive("an application id is a positive whole number");
export const promotionCommandSchemas = [
  z.object({
    command: z.literal("promotions.list"),
    brand: z.string(),
    status: z.enum(APPLICATION_STATUSES, `--status is one of ${APPLICATION_STATUSES.join(", ")}`).optional(),
  }),
  /** images: answer the image files too (base64), for --export-images. */
  z.object({ command: z.literal("promotions.show"), brand: z.string(), id, images: z.boolean().default(false) }),
  z.object({
    command: z.literal("promotions.approve"),
    brand: z.string(),
    id,
    /** Pesos, as written: "150", "20.50". */
    bonus: z.string().min(1, "--bonus is required (pesos, e.g. 150 or 20.50)").max(20),
    ...who,
  }),
  z.object({ command: z.literal("promotions.reject"), brand: z.string(), id, ...who }),
  z.object({
    command: z.literal("promotions.intake"),
    brand: z.string(),
    key: z.string().min(1).max(64),
    open: z.boolean(),
    turnover: z.number().int().min(0, "--turnover is 0 to 100").max(100, "--turnover is 0 to 100").nullable().default(null),
    ...who,
  }),
] as const;

type PromotionCommand = z.output<(typeof promotionCommandSchemas)[number]>;

export interface ApplicationView {
  id: number;
  username: string;
  promotionKey: string;
  promotionTitle: string;
  status: string;
  comment: string;
  images: number;
  /** Centavos, when issued. */
  bonus: string | null;
  transferId: number | null;
  reviewedBy: string | null;
  reviewReason: string | null;
  /** ISO 8601. */
  reviewedAt: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface ApplicationImageFile {
  sequence: number;
  contentType: string;
  width: number;
  height: number;
  base64: string;
}

type Review<C extends string> = {
  ok: true;
  command: C;
  brand: string;
  application: ApplicationView;
  /** True when it had already been decided so: nothing changed. */
  replayed: boolean;
  actor: Actor;
};

export type PromotionCommandResult =
  | { ok: true; command: "promotions.list"; brand: string; status: string | null; applications: ApplicationView[] }
  | { ok: true; command: "promotions.show"; brand: string; application: ApplicationView; files: ApplicationImageFile[] }
  | Review<"promotions.approve">
  | Review<"promotions.reject">
  | { ok: true; command: "promotions.intake"; brand: string; key: string; before: boolean; after: boolean; actor: Actor }
  | { ok: false; error: string };

const view = (a: ApplicationSummary): ApplicationView => ({
  ...a,
  bonus: a.bonus?.toString() ?? null,
  reviewedAt: a.reviewedAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
});

export async function runPromotionCommand(db: Db, brand: Brand, req: PromotionCommand): Promise<PromotionCommandResult> {
  if (req.command === "promotions.list") {
    const rows = await listApplications(db, brand, { status: req.status });
    return { ok: true, command: req.command, brand: brand.id, status: req.status ?? null, applications: rows.map(view) };
  }
  if (req.command === "promotions.show") {
    const app = await getApplication(db, brand, req.id, { withImages: req.images });
    if (!app) return { ok: false, error: `No application ${req.id} in ${brand.id}.` };
    const files = app.imageFiles.map(({ bytes, ...f }) => ({ ...f, base64: bytes.toString("base64") }));
    return { ok: true, command: req.command, brand: brand.id, application: view(app), files };
  }
  const actor: Actor = { name: req.by, reason: req.why };
  if (req.command === "promotions.intake") {
    if (!(await promotionKeyExists(db, brand, req.key)))
      return {
        ok: false,
        error: `${brand.id} has published no promotion "${req.key}" (npm run content -- list ${brand.id} --type promotion).`,
      };
    const r = await setIntake(db, brand, req.key, { open: req.open, turnoverMultiplier: req.turnover }, actor);
    return { ok: true, command: req.command, brand: brand.id, key: req.key, before: r.before, after: r.after, actor };
  }
  // The application as it stands after the decision (the first one, when this one repeats it).
  const answer = async <C extends "promotions.approve" | "promotions.reject">(
    command: C,
    replayed: boolean,
  ): Promise<Review<C>> => ({
    ok: true,
    command,
    brand: brand.id,
    application: view((await getApplication(db, brand, req.id))!),
    replayed,
    actor,
  });
  try {
    if (req.command === "promotions.approve") {
      const bonus = parsePesoAmount(req.bonus);
      if (bonus === null)
        return { ok: false, error: `"${req.bonus}" is not an amount: write the bonus in pesos, like 150 or 20.50.` };
      return await answer(req.command, (await approveApplication(db, brand, req.id, bonus, actor)).replayed);
    }
    return await answer(req.command, (await rejectApplication(db, brand, req.id, actor)).replayed);
  } catch (err) {
    if (err instanceof ReviewRefusedError) return { ok: false, error: err.message };
    if (err instanceof InsufficientFundsError) return { ok: false, error: "Refused: the bonus account may not pay that." };
    throw err;
  }
}
