import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { KycForm, type KycFormReply } from "~/components/compliance/kyc-form";
import { KycStatus, type KycStateView } from "~/components/compliance/kyc-status";
import { PageHeading } from "~/components/content/page-heading";
import { GuestPrompt } from "~/components/guest-prompt";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { isGuest } from "~/domain/accounts/member-types";
import { KYC_ID_EXAMPLES, KYC_ID_TYPES } from "~/domain/compliance/kyc-id-types";
import { KYC_LIMITS, kycState, submitKyc, type KycFieldError, type KycUpload } from "~/domain/compliance/kyc.server";
import { formatDate } from "~/utils/dates.server";
import { msg } from "~/utils/form-errors";
import { requireMember, requireSession, type SignedIn } from "~/web/guards.server";
import { setToast } from "~/web/toast.server";
import { readUploadForm, type UploadedFile } from "~/web/uploads.server";

/**
 * Identity verification (issue 16, item 3): the member's state and, while they are neither
 * verified nor waiting, the form (a government ID and a selfie). The only page whose response
 * allows the camera (server/security.ts); links to it load a whole document for that reason.
 */
const NO_STORE = { "Cache-Control": "private, no-store" };
const MEGABYTES = KYC_LIMITS.imageBytes / (1024 * 1024);
const ACTIONS = ["deposit", "withdrawal", "play"] as const;

async function stateView(c: SignedIn): Promise<KycStateView> {
  const state = await kycState(c.db, c.brand, c.session.memberId);
  const at = (d: Date) => formatDate(d, c.lng, "YYYY-MM-DD HH:mm");
  if (state.status === "none") return state;
  if (state.status === "pending") return { status: "pending", at: at(state.submittedAt) };
  if (state.status === "approved") return { status: "approved", at: at(state.reviewedAt) };
  return { status: "rejected", at: at(state.reviewedAt), reason: state.reason };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = requireSession(request, context);
  if (isGuest(signed.session.type)) return data({ guest: true as const }, { headers: NO_STORE });
  const c = requireMember(request, context);
  return data(
    {
      guest: false as const,
      state: await stateView(c),
      requiredFor: ACTIONS.filter((a) => c.brand.compliance.kyc[a]),
      idTypes: KYC_ID_TYPES.map((id) => ({ id, example: KYC_ID_EXAMPLES[id] ?? null })),
      limits: { megabytes: MEGABYTES, minSide: KYC_LIMITS.minSide },
    },
    { headers: NO_STORE },
  );
}

const FIELD_MESSAGES: Record<KycFieldError, string> = {
  id_type: msg("kyc.errors.id_type"),
  id_number_required: msg("kyc.errors.id_number_required"),
  id_number_format: msg("kyc.errors.id_number_format"),
  image_missing: msg("kyc.errors.image_missing"),
  image_too_large: msg("kyc.errors.image_too_large", { mb: MEGABYTES }),
  not_an_image: msg("kyc.errors.not_an_image"),
  too_many_pixels: msg("kyc.errors.too_many_pixels"),
  image_too_small: msg("kyc.errors.image_too_small", { px: KYC_LIMITS.minSide }),
};

const upload = (files: UploadedFile[], field: string): KycUpload => {
  const file = files.find((f) => f.field === field);
  if (!file) return null;
  return file.tooLarge ? { tooLarge: true } : { bytes: file.bytes };
};

export async function action({ request, context }: ActionFunctionArgs) {
  const c = requireMember(request, context);
  const refuse = (reply: KycFormReply, status: number) => data({ reply }, { status });
  const none = { idType: "", idNumber: "" };
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? ""))
    return refuse({ errors: { form: msg("kyc.errors.form") }, values: none }, 400);
  const { form, files } = await readUploadForm(request, context, { maxFileBytes: KYC_LIMITS.imageBytes, maxFiles: 2 });
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values = { idType: text("idType").slice(0, 40), idNumber: text("idNumber").slice(0, 60) };
  const result = await submitKyc(
    c.db,
    c.brand,
    { id: c.session.memberId, type: c.session.type },
    {
      idType: text("idType"),
      idNumber: text("idNumber"),
      idPhoto: upload(files, "idPhoto"),
      selfie: upload(files, "selfie"),
    },
  );
  if (result.ok)
    return redirect("/m/verify", {
      headers: { "Set-Cookie": await setToast(context, { kind: "success", key: "toast.kycSent" }) },
    });
  if (result.reason === "invalid") {
    const errors = Object.fromEntries(Object.entries(result.errors).map(([field, code]) => [field, FIELD_MESSAGES[code]]));
    return refuse({ errors, values }, 400);
  }
  if (result.reason === "not_member") return refuse({ errors: { form: "errors.free_reject" }, values }, 403);
  // Already waiting or verified: the page drawn again shows which, without the form.
  return refuse({ errors: { form: msg(`kyc.errors.${result.reason}`) }, values }, 409);
}

export default function Verify() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const { t } = useTranslation();
  if (d.guest) return <GuestPrompt />;
  const formOpen = d.state.status === "none" || d.state.status === "rejected";
  return (
    <div className="space-y-4 px-4 pt-4 pb-8">
      <PageHeading title={t("titles.verify")} back="/m/member/home" backLabel={t("kyc.back")} />
      <p className="text-sm text-muted">{t("kyc.intro")}</p>
      <KycStatus state={d.state} requiredFor={[...d.requiredFor]} />
      {a?.reply.errors.form && !formOpen ? <ErrorList errors={[a.reply.errors.form]} /> : null}
      {formOpen ? <KycForm idTypes={d.idTypes} limits={d.limits} reply={a?.reply ?? null} /> : null}
    </div>
  );
}
