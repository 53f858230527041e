import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CsrfInput } from "~/components/csrf-input";
import { GearIcon } from "~/components/member/member-icons";
import {
  AvatarForm,
  ChoiceField,
  LanguageChoices,
  LinkRows,
  SavedNote,
  SettingsCard,
  TextAreaField,
  ThemeRow,
} from "~/components/member/settings-parts";
import type { RootData } from "~/components/root-data";
import { ErrorList, Field } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { LockIcon, WalletIcon } from "~/components/ui/icons";
import { SubmitButton } from "~/components/ui/submit-button";
import { sendFeedback } from "~/domain/accounts/feedback.server";
import {
  BIRTHDAY_MIN,
  FEEDBACK_MAX,
  INCOME_SOURCES,
  NATIONALITIES,
  NICKNAME_MAX,
  OCCUPATIONS,
  feedbackSchema,
  nicknameSchema,
  profileSchema,
  type ProfileRules,
} from "~/domain/accounts/profile-fields";
import { AVATAR_MAX_BYTES, getProfile, saveAvatar, saveProfile, setNickname } from "~/domain/accounts/profile.server";
import { formatDate } from "~/utils/dates.server";
import { msg } from "~/utils/form-errors";
import { LANGUAGES } from "~/utils/languages";
import { readForm } from "~/web/csrf.server";
import { notFound, requireMember, type SignedIn } from "~/web/guards.server";
import { readUploadForm } from "~/web/uploads.server";

/** What each section's post saved, named in the redirect so the page can say so (works without JavaScript). */
const SAVED = ["nickname", "profile", "avatar", "feedback"] as const;
type Saved = (typeof SAVED)[number];

async function rulesFor({
  brand,
  db,
  session,
}: SignedIn): Promise<ProfileRules & { profile: NonNullable<Awaited<ReturnType<typeof getProfile>>> }> {
  const profile = await getProfile(db, brand, session.memberId);
  if (!profile) throw notFound();
  return {
    profile,
    today: formatDate(new Date(), "en", "YYYY-MM-DD"),
    minimumAge: brand.minimumAge,
    birthdayLocked: profile.birthday !== null,
  };
}

/** Region names in the page's language, the market's own first. */
function nationalityOptions(lng: keyof typeof LANGUAGES) {
  const names = new Intl.DisplayNames([LANGUAGES[lng].tag, "en"], { type: "region", fallback: "code" });
  const [home, ...rest] = NATIONALITIES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  return [home!, ...rest.sort((a, b) => a.label.localeCompare(b.label, LANGUAGES[lng].tag))];
}

/** Guests are sent to the member centre's free_reject prompt, visitors to /m/login (requireMember). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = requireMember(request, context);
  const { profile, ...rules } = await rulesFor(signed);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    username: signed.session.username,
    profile,
    rules,
    birthdayMin: BIRTHDAY_MIN,
    nationalities: nationalityOptions(signed.lng),
    avatarEnabled: signed.flags.PROFPIC3,
    feedbackEnabled: signed.flags.FEEDBACK3,
    saved: (SAVED as readonly string[]).includes(saved ?? "") ? (saved as Saved) : null,
  };
}

const done = (what: Saved) => redirect(`/m/set?saved=${what}#${what}`);

async function avatarAction(request: Request, context: AppLoadContext, signed: SignedIn) {
  if (!signed.flags.PROFPIC3) throw notFound();
  const refuse = (reason: string) =>
    data({ intent: "avatar" as const, error: msg(`settings.errors.avatar_${reason}`) }, { status: 400 });
  const { files } = await readUploadForm(request, context, { maxFileBytes: AVATAR_MAX_BYTES, maxFiles: 1 });
  const file = files.find((f) => f.field === "avatar");
  if (!file) return refuse("missing");
  if (file.tooLarge) return refuse("too_large");
  const saved = await saveAvatar(signed.db, signed.brand, signed.session.memberId, file.bytes);
  if (!saved.ok) return refuse(saved.reason);
  return done("avatar");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const signed = requireMember(request, context);
  const { brand, db, session } = signed;
  if (/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) return avatarAction(request, context, signed);
  const form = await readForm(request, context);
  const intent = form.get("intent");
  if (intent === "nickname") {
    const submission = parseWithZod(form, { schema: nicknameSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await setNickname(db, brand, session.memberId, submission.value.nickname);
    return done("nickname");
  }
  if (intent === "profile") {
    const rules = await rulesFor(signed);
    const submission = parseWithZod(form, { schema: profileSchema(rules) });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const saved = await saveProfile(db, brand, session.memberId, submission.value);
    if (!saved.ok) {
      return data(
        { intent, result: submission.reply({ fieldErrors: { birthday: [msg("settings.errors.birthday_locked")] } }) },
        { status: 409 },
      );
    }
    return done("profile");
  }
  if (intent === "feedback") {
    if (!signed.flags.FEEDBACK3) throw notFound();
    const submission = parseWithZod(form, { schema: feedbackSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const sent = await sendFeedback(db, brand, session.memberId, submission.value.message);
    if (!sent.ok) {
      const minutes = Math.max(1, Math.ceil(sent.retryAfterMs / 60_000));
      return data(
        { intent, result: submission.reply({ formErrors: [msg("settings.errors.feedback_throttled", { minutes })] }) },
        { status: 429, headers: { "Retry-After": String(Math.ceil(sent.retryAfterMs / 1000)) } },
      );
    }
    return done("feedback");
  }
  return data({ intent: "unknown" as const, error: msg("errors.unknown") }, { status: 400 });
}

type ActionData = ReturnType<typeof useActionData<typeof action>>;
const replyFor = (a: ActionData, intent: string) =>
  a && "result" in a && a.intent === intent ? (a.result as SubmissionResult<string[]>) : undefined;

export default function Settings() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const root = useRouteLoaderData("root") as RootData;
  const navigation = useNavigation();
  const { t } = useTranslation();
  const idle = navigation.state === "idle";

  const [nickForm, nickFields] = useForm({
    id: "nickname-form",
    lastResult: idle ? replyFor(a, "nickname") : undefined,
    defaultValue: { nickname: d.profile.nickname ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nicknameSchema }),
  });
  const [profileForm, profileFields] = useForm({
    id: "profile-form",
    lastResult: idle ? replyFor(a, "profile") : undefined,
    defaultValue: {
      birthday: d.profile.birthday ?? "",
      nationality: d.profile.nationality ?? "",
      address: d.profile.address ?? "",
      occupation: d.profile.occupation ?? "",
      sourceOfIncome: d.profile.sourceOfIncome ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema(d.rules) }),
  });
  const [feedbackForm, feedbackFields] = useForm({
    id: "feedback-form",
    lastResult: idle ? replyFor(a, "feedback") : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: feedbackSchema }),
  });
  const avatarError = a && "error" in a && a.intent === "avatar" ? a.error : null;

  return (
    <div className="space-y-4 px-4 pt-4 pb-8">
      <h1 className="flex items-center gap-2 text-lg font-bold">
        <GearIcon width={20} height={20} className="text-primary" />
        {t("settings.title")}
      </h1>

      {d.avatarEnabled ? (
        <SettingsCard id="avatar" title={t("settings.avatar.title")}>
          {d.saved === "avatar" ? <SavedNote>{t("settings.saved.avatar")}</SavedNote> : null}
          <AvatarForm url={d.profile.avatarUrl} error={avatarError} />
        </SettingsCard>
      ) : null}

      <SettingsCard id="nickname" title={t("settings.nickname.title")}>
        {d.saved === "nickname" ? <SavedNote>{t("settings.saved.nickname")}</SavedNote> : null}
        <Form method="post" {...getFormProps(nickForm)} className="space-y-3" replace>
          <CsrfInput />
          <input type="hidden" name="intent" value="nickname" />
          <Field
            label={t("settings.nickname.label")}
            required
            inputProps={{
              ...getInputProps(nickFields.nickname, { type: "text" }),
              maxLength: NICKNAME_MAX * 2,
              autoComplete: "nickname",
            }}
            errors={nickFields.nickname.errors}
            hint={t("settings.nickname.hint", { account: d.username, max: NICKNAME_MAX })}
          />
          <SubmitButton size="md">{t("settings.save")}</SubmitButton>
        </Form>
      </SettingsCard>

      <SettingsCard id="profile" title={t("settings.profile.title")}>
        {d.saved === "profile" ? <SavedNote>{t("settings.saved.profile")}</SavedNote> : null}
        <Form method="post" {...getFormProps(profileForm)} className="space-y-3" replace>
          <CsrfInput />
          <input type="hidden" name="intent" value="profile" />
          {d.rules.birthdayLocked ? (
            <div className="space-y-1">
              <p className="text-sm font-medium">{t("settings.profile.birthday")}</p>
              <p className="rounded-xl bg-surface-2 px-3 py-2.5 text-sm tabular-nums" data-testid="birthday">
                {d.profile.birthday}
              </p>
              <p className="text-xs text-muted">{t("settings.profile.birthdayLocked")}</p>
              <ErrorList errors={profileFields.birthday.errors} />
            </div>
          ) : (
            <Field
              label={t("settings.profile.birthday")}
              inputProps={{ ...getInputProps(profileFields.birthday, { type: "date" }), min: d.birthdayMin, max: d.rules.today }}
              errors={profileFields.birthday.errors}
              hint={t("settings.profile.birthdayHint", { age: d.rules.minimumAge })}
            />
          )}
          <ChoiceField
            label={t("settings.profile.nationality")}
            selectProps={getSelectProps(profileFields.nationality)}
            options={d.nationalities}
            errors={profileFields.nationality.errors}
          />
          <Field
            label={t("settings.profile.address")}
            inputProps={{
              ...getInputProps(profileFields.address, { type: "text" }),
              maxLength: 400,
              autoComplete: "street-address",
            }}
            errors={profileFields.address.errors}
          />
          <ChoiceField
            label={t("settings.profile.occupation")}
            selectProps={getSelectProps(profileFields.occupation)}
            options={OCCUPATIONS.map((o) => ({ value: o, label: t(`settings.occupations.${o}`) }))}
            errors={profileFields.occupation.errors}
          />
          <ChoiceField
            label={t("settings.profile.sourceOfIncome")}
            selectProps={getSelectProps(profileFields.sourceOfIncome)}
            options={INCOME_SOURCES.map((o) => ({ value: o, label: t(`settings.incomeSources.${o}`) }))}
            errors={profileFields.sourceOfIncome.errors}
          />
          <ErrorList id={profileForm.errorId} errors={profileForm.errors} />
          <SubmitButton size="md">{t("settings.save")}</SubmitButton>
        </Form>
      </SettingsCard>

      <SettingsCard id="language" title={t("settings.language.title")}>
        <LanguageChoices languages={root.languages.map((l) => ({ id: l.id, label: l.label }))} current={root.lng} />
      </SettingsCard>

      <SettingsCard id="theme" title={t("settings.theme.title")}>
        <ThemeRow />
      </SettingsCard>

      <SettingsCard id="security" title={t("settings.security.title")}>
        <LinkRows
          links={[
            { to: "/m/changePsw", label: t("member.changePassword"), Icon: LockIcon },
            { to: "/m/withdraw#step-pin", label: t("settings.security.paymentPassword"), Icon: LockIcon },
            { to: "/m/withdraw#step-account", label: t("settings.security.payoutAccounts"), Icon: WalletIcon },
          ]}
        />
      </SettingsCard>

      {d.feedbackEnabled ? (
        <SettingsCard id="feedback" title={t("settings.feedback.title")}>
          {d.saved === "feedback" ? <SavedNote>{t("settings.saved.feedback")}</SavedNote> : null}
          <Form method="post" {...getFormProps(feedbackForm)} className="space-y-3" replace>
            <CsrfInput />
            <input type="hidden" name="intent" value="feedback" />
            <TextAreaField
              label={t("settings.feedback.label")}
              textareaProps={{ ...getTextareaProps(feedbackFields.message), maxLength: FEEDBACK_MAX }}
              errors={feedbackFields.message.errors}
              hint={t("settings.feedback.hint", { max: FEEDBACK_MAX })}
            />
            <ErrorList id={feedbackForm.errorId} errors={feedbackForm.errors} />
            <SubmitButton size="md">{t("settings.feedback.send")}</SubmitButton>
          </Form>
        </SettingsCard>
      ) : null}
    </div>
  );
}
