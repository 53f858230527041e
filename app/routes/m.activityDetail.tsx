import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { imageLoading } from "~/components/ui/image-loading";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { ContentHtml } from "~/components/content/content-html";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { ApplicationList } from "~/components/promotions/application-list";
import { ApplyForm, type ApplyError } from "~/components/promotions/apply-form";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { isGuest, isRealMember } from "~/domain/accounts/member-types";
import { applyForPromotion, memberView, type ApplyRefusal } from "~/domain/promotions/applications.server";
import { getPromotion } from "~/domain/promotions/promotions.server";
import { APPLY_LIMITS, PROMOTION_DATE_FORMAT, dateRange, firstImage } from "~/domain/promotions/rules";
import { formatDate } from "~/utils/dates.server";
import { formatPeso } from "~/utils/money";
import { requireBrand, requireSession } from "~/web/guards.server";
import { readUploadForm } from "~/web/uploads.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

const promotionId = (request: Request) => {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  return /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
};

/** One promotion: public; a member also sees their applications and, when it takes them, the form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, db, lng, session } = requireBrand(context);
  const id = promotionId(request);
  const promotion = id === null ? null : await getPromotion(db, brand, lng, id);
  if (!promotion) return data({ promotion: null }, { status: 404, headers: NO_STORE });
  const member = session && isRealMember(session.type) ? session.memberId : null;
  const mine = await memberView(db, brand, member, promotion);
  const day = (d: Date) => formatDate(d, lng, PROMOTION_DATE_FORMAT);
  return data(
    {
      promotion: {
        id: promotion.id,
        title: promotion.title,
        image: firstImage(promotion.images),
        html: promotion.html,
        dates: dateRange(day(promotion.startDate), promotion.endDate ? day(promotion.endDate) : null, promotion.noExpiry),
      },
      status: mine.status,
      viewer: !session ? "visitor" : isGuest(session.type) ? "guest" : member !== null ? "member" : "other",
      applied: new URL(request.url).searchParams.get("applied") === "1",
      applications: mine.applications.map((a) => ({
        id: a.id,
        status: a.status,
        comment: a.comment,
        images: a.images,
        bonus: a.bonus === null ? null : formatPeso(a.bonus),
        date: formatDate(a.createdAt, lng, PROMOTION_DATE_FORMAT),
      })),
      limits: {
        commentChars: APPLY_LIMITS.commentChars,
        images: APPLY_LIMITS.images,
        imageMegabytes: APPLY_LIMITS.imageBytes / (1024 * 1024),
      },
    },
    { headers: NO_STORE },
  );
}

const REFUSALS: Record<ApplyRefusal["reason"], { key: string; status: number }> = {
  not_found: { key: "promotions.notFoundTitle", status: 404 },
  free_reject: { key: "errors.free_reject", status: 403 },
  closed: { key: "promotions.errors.closed", status: 409 },
  already_applied: { key: "promotions.errors.alreadyApplied", status: 409 },
  comment_too_long: { key: "promotions.errors.commentTooLong", status: 400 },
  too_many_images: { key: "promotions.errors.tooManyImages", status: 400 },
  image_too_large: { key: "promotions.errors.imageTooLarge", status: 413 },
  not_an_image: { key: "promotions.errors.notAnImage", status: 415 },
  too_many_pixels: { key: "promotions.errors.tooManyPixels", status: 400 },
};

function refuse(r: ApplyRefusal) {
  const { key, status } = REFUSALS[r.reason];
  const params: Record<string, number> = {};
  if (r.reason === "comment_too_long") Object.assign(params, { count: r.length, max: APPLY_LIMITS.commentChars });
  if (r.reason === "too_many_images") Object.assign(params, { count: r.count, max: APPLY_LIMITS.images });
  if ("image" in r) Object.assign(params, { n: r.image, size: APPLY_LIMITS.imageBytes / (1024 * 1024) });
  const error: ApplyError = { key, params };
  return data({ error }, { status });
}

/** Applying: members only (guests get free_reject, visitors go to sign in and come back). */
export async function action({ request, context }: ActionFunctionArgs) {
  const signed = requireSession(request, context);
  const { brand, db, session } = signed;
  const id = promotionId(request);
  if (id === null) return refuse({ reason: "not_found" });
  if (!isRealMember(session.type)) return refuse({ reason: "free_reject" });
  const { form, files, fileCount } = await readUploadForm(request, context, {
    maxFileBytes: APPLY_LIMITS.imageBytes,
    maxFiles: APPLY_LIMITS.images,
  });
  const comment = String(form.get("comment") ?? "");
  if (fileCount > APPLY_LIMITS.images) return refuse({ reason: "too_many_images", count: fileCount });
  const large = files.findIndex((f) => f.tooLarge);
  if (large >= 0) return refuse({ reason: "image_too_large", image: large + 1 });
  const result = await applyForPromotion(db, brand, session, {
    promotionId: id,
    comment,
    images: files.flatMap((f) => (f.tooLarge ? [] : [{ name: f.name, bytes: f.bytes }])),
  });
  if (!result.ok) return refuse(result);
  return redirect(`/m/activityDetail?id=${id}&applied=1`);
}

export default function PromotionDetail() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  if (!d.promotion)
    return (
      <div className="space-y-4 px-4 pt-4">
        <PageHeading title={t("titles.activityDetail")} back="/m/activity" backLabel={t("promotions.backToList")} />
        <ContentEmpty title={t("promotions.notFoundTitle")} body={t("promotions.notFoundBody")}>
          <Link to="/m/activity" className={buttonClass("primary", "md")}>
            {t("promotions.backToList")}
          </Link>
        </ContentEmpty>
      </div>
    );
  const { promotion: p } = d;
  const dates =
    p.dates.kind === "longTerm"
      ? t("promotions.dates.longTerm", { start: p.dates.start })
      : p.dates.kind === "single"
        ? p.dates.date
        : t("promotions.dates.range", { start: p.dates.start, end: p.dates.end });
  return (
    <div className="space-y-4 px-4 pt-4 pb-6">
      <PageHeading title={t("titles.activityDetail")} back="/m/activity" backLabel={t("promotions.backToList")} />
      <article className="overflow-hidden rounded-card border border-line/60 bg-surface">
        {p.image ? (
          <img src={p.image} alt="" {...imageLoading("main")} className="aspect-[5/2] w-full bg-surface-2 object-cover" />
        ) : null}
        <div className="space-y-3 px-4 py-4">
          <header className="space-y-1">
            <h1 className="text-lg font-bold break-words">{p.title}</h1>
            <p className="text-xs text-muted">{dates}</p>
            <span className="inline-block rounded-full bg-surface-3 px-2 py-0.5 text-xs font-semibold text-text">
              {t(`promotions.status.${d.status}`)}
            </span>
          </header>
          <ContentHtml html={p.html} />
        </div>
      </article>
      {d.applied ? (
        <p role="status" className="rounded-xl bg-success/10 px-3 py-2 text-sm font-medium text-success">
          {t("promotions.apply.sent")}
        </p>
      ) : null}
      <ApplicationList applications={d.applications} />
      {d.status === "apply" ? (
        <section className="rounded-card border border-line/60 bg-surface px-4 py-4">
          {d.viewer === "member" ? (
            <ApplyForm action={`/m/activityDetail?id=${p.id}`} limits={d.limits} error={actionData?.error ?? null} />
          ) : d.viewer === "visitor" ? (
            <div className="space-y-3 text-center">
              <p className="text-sm text-muted">{t("promotions.apply.loginFirst")}</p>
              <Link
                to={`/m/login?redirectTo=${encodeURIComponent(`/m/activityDetail?id=${p.id}`)}`}
                className={buttonClass("primary", "md")}
              >
                {t("promotions.apply.login")}
              </Link>
            </div>
          ) : (
            <p className="text-center text-sm text-muted">{t("errors.free_reject")}</p>
          )}
        </section>
      ) : actionData?.error ? (
        <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {t(actionData.error.key, actionData.error.params)}
        </p>
      ) : null}
    </div>
  );
}
