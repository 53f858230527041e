import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import type { ReactNode, SelectHTMLAttributes, SVGProps, TextareaHTMLAttributes } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { CheckIcon, ChevronRightIcon } from "~/components/ui/icons";
import { SubmitButton } from "~/components/ui/submit-button";
import { MemberAvatar } from "../member-avatar";
import { CameraIcon, MoonIcon } from "./member-icons";

/** One titled card of /m/set. */
export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="rounded-card border border-line bg-surface p-4">
      <h2 id={`${id}-title`} className="mb-3 text-sm font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a post saved, said where it was saved (the page after the redirect). */
export function SavedNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-3 flex items-center gap-2 rounded-xl bg-success/15 px-3 py-2 text-xs font-medium text-success">
      <CheckIcon width={14} height={14} />
      {children}
    </p>
  );
}

interface ChoiceFieldProps {
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string; name: string; key?: string | number | null };
  options: { value: string; label: string }[];
  errors?: string[] | null;
}

/** A list to choose from, with an empty first choice (the fields are optional). */
export function ChoiceField({ label, selectProps, options, errors }: ChoiceFieldProps) {
  const { t } = useTranslation();
  const { key, ...attrs } = selectProps;
  const errorId = errors?.length ? `${selectProps.id}-error` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={selectProps.id} className="flex items-baseline gap-1 text-sm font-medium">
        {label}
        <span className="text-xs font-normal text-muted">({t("form.optional")})</span>
      </label>
      <select
        key={key ?? undefined}
        {...attrs}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-text outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-danger"
      >
        <option value="">{t("settings.profile.notSet")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface TextAreaFieldProps {
  label: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; name: string; key?: string | number | null };
  errors?: string[] | null;
  hint?: ReactNode;
}

export function TextAreaField({ label, textareaProps, errors, hint }: TextAreaFieldProps) {
  const { key, ...attrs } = textareaProps;
  const errorId = errors?.length ? `${textareaProps.id}-error` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={textareaProps.id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        key={key ?? undefined}
        {...attrs}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        rows={4}
        className="w-full rounded-xl border border-line bg-surface-2 p-3 text-base text-text outline-none placeholder:text-muted/70 focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-danger"
      />
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** PROFPIC3: a plain multipart post, so choosing a picture works without JavaScript too. */
export function AvatarForm({ url, error }: { url: string | null; error: string | null }) {
  const { t } = useTranslation();
  const errorId = error ? "avatar-error" : undefined;
  return (
    <Form method="post" encType="multipart/form-data" className="flex items-center gap-4" replace>
      <CsrfInput />
      <input type="hidden" name="intent" value="avatar" />
      <MemberAvatar url={url} size={72} />
      <div className="min-w-0 flex-1 space-y-2">
        <label htmlFor="avatar-file" className="flex items-center gap-2 text-sm font-medium">
          <CameraIcon width={16} height={16} className="text-primary" />
          {t("settings.avatar.choose")}
        </label>
        <input
          id="avatar-file"
          name="avatar"
          type="file"
          accept="image/png,image/jpeg"
          required
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId ?? "avatar-hint"}
          className="block w-full text-xs text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-3 file:py-2 file:text-xs file:font-semibold file:text-text"
        />
        <p id="avatar-hint" className="text-[11px] text-muted">
          {t("settings.avatar.hint")}
        </p>
        {error ? <ErrorList id={errorId} errors={[error]} /> : null}
        <SubmitButton size="md" className="w-full">
          {t("settings.avatar.upload")}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Posts to the language switch (routes/m.language.tsx), which comes back here. */
export function LanguageChoices({ languages, current }: { languages: { id: string; label: string }[]; current: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/m/language" className="grid grid-cols-2 gap-2" reloadDocument>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value="/m/set" />
      {languages.map((l) => (
        <button
          key={l.id}
          type="submit"
          name="lng"
          value={l.id}
          aria-pressed={l.id === current}
          className="flex h-11 items-center justify-between rounded-xl border border-line bg-surface-2 px-3 text-sm aria-pressed:border-primary aria-pressed:text-primary"
        >
          {l.label}
          {l.id === current ? <CheckIcon width={16} height={16} aria-label={t("settings.language.current")} /> : null}
        </button>
      ))}
    </Form>
  );
}

/** Spec §4: the dark theme is always applied; the row says so instead of offering a switch that does nothing. */
export function ThemeRow() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3">
      <MoonIcon width={20} height={20} className="text-primary" />
      <div className="flex-1">
        <p className="text-sm font-medium">{t("settings.theme.dark")}</p>
        <p className="text-xs text-muted">{t("settings.theme.always")}</p>
      </div>
      <span className="rounded-full bg-primary/15 px-2 py-0.5 text-[11px] font-semibold text-primary">
        {t("settings.theme.on")}
      </span>
    </div>
  );
}

export function LinkRows({
  links,
}: {
  links: { to: string; label: string; Icon: (p: SVGProps<SVGSVGElement>) => JSX.Element }[];
}) {
  return (
    <ul className="-mx-4 -mb-4 divide-y divide-line/60 border-t border-line/60">
      {links.map(({ to, label, Icon }) => (
        <li key={to + label}>
          <Link to={to} className="flex items-center gap-3 px-4 py-3.5 hover:bg-surface-2">
            <Icon width={20} height={20} className="text-primary" />
            <span className="flex-1 text-sm">{label}</span>
            <ChevronRightIcon width={16} height={16} className="text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
