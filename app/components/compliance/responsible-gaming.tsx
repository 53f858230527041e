import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { AlertIcon, ClockIcon, HelpIcon, LockIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { SubmitButton } from "~/components/ui/submit-button";
import type { ExclusionKindView } from "./compliance-notice";

export interface ExclusionView {
  kind: ExclusionKindView;
  period: string;
  from: string;
  until: string;
}

export interface BreakOption {
  period: string;
  kind: ExclusionKindView;
}

export interface HelpLineView {
  name: string;
  phone: string;
}

/** The player's side of the page: a member's running exclusion, the breaks they may take, their history. */
export interface MemberBreaksView {
  running: ExclusionView | null;
  options: BreakOption[];
  history: ExclusionView[];
}

const cardClass = "rounded-card border border-line bg-surface p-4 shadow-lg";

/** The exclusion that runs, as a state the player cannot miss. */
export function RunningExclusion({ exclusion }: { exclusion: ExclusionView }) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="exclusion-state"
      aria-labelledby="exclusion-state-title"
      className="rounded-card border border-primary/60 bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-4 shadow-xl"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
          <LockIcon width={22} height={22} />
        </span>
        <div className="min-w-0">
          <h2 id="exclusion-state-title" className="text-base font-bold">
            {t(`rg.state.${exclusion.kind}`)}
          </h2>
          <p className="text-sm text-muted">{t("rg.state.until", { until: exclusion.until })}</p>
        </div>
      </div>
      <p className="mt-3 text-sm">{t("rg.state.closed")}</p>
      <Link to="/m/withdraw" className={buttonClass("primary", "md", "mt-3")}>
        {t("rg.state.withdraw")}
      </Link>
    </section>
  );
}

/** One kind of break (cooling-off or self-exclusion): its periods as choices, a confirmation and the post. */
function BreakForm({ kind, options, errors }: { kind: ExclusionKindView; options: BreakOption[]; errors: string[] | null }) {
  const { t } = useTranslation();
  const mine = options.filter((o) => o.kind === kind);
  if (mine.length === 0) return null;
  const id = `break-${kind}`;
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold">
        {kind === "cooling_off" ? <ClockIcon width={20} height={20} /> : <AlertIcon width={20} height={20} />}
        {t(`rg.${kind}.title`)}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(`rg.${kind}.body`)}</p>
      <Form method="post" className="mt-3 space-y-3" replace data-testid={id}>
        <CsrfInput />
        <input type="hidden" name="intent" value="exclude" />
        <fieldset>
          <legend className="sr-only">{t("rg.period")}</legend>
          <div className="grid grid-cols-3 gap-2">
            {mine.map((o, i) => (
              <label
                key={o.period}
                className="flex h-11 cursor-pointer items-center justify-center rounded-xl border border-line bg-surface-2 text-sm font-semibold has-[:checked]:border-primary has-[:checked]:bg-primary/15 has-[:checked]:text-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
              >
                <input type="radio" name="period" value={o.period} defaultChecked={i === 0} className="sr-only" />
                {t(`rg.periods.${o.period}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            required
            className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--primary)]"
          />
          <span>{t(`rg.${kind}.confirm`)}</span>
        </label>
        <ErrorList errors={errors} />
        <SubmitButton size="md">{t(`rg.${kind}.submit`)}</SubmitButton>
      </Form>
    </section>
  );
}

/** A member's breaks: the forms for the ones still open to them, and the history (the running one is shown first, apart). */
export function MemberBreaks({
  view,
  errors,
}: {
  view: MemberBreaksView;
  errors: { kind: string | null; list: string[] } | null;
}) {
  const { t } = useTranslation();
  const errorsOf = (kind: ExclusionKindView) => (errors && (errors.kind === kind || errors.kind === null) ? errors.list : null);
  return (
    <>
      {view.running && view.options.length > 0 ? <p className="text-sm text-muted">{t("rg.longerOnly")}</p> : null}
      <BreakForm kind="cooling_off" options={view.options} errors={errorsOf("cooling_off")} />
      <BreakForm kind="self_exclusion" options={view.options} errors={errorsOf("self_exclusion")} />
      {view.history.length > 0 ? (
        <section aria-labelledby="rg-history-title" className={cardClass}>
          <h2 id="rg-history-title" className="text-base font-bold">
            {t("rg.history")}
          </h2>
          <ul className="mt-2 divide-y divide-line/60 text-sm" data-testid="exclusion-history">
            {view.history.map((h) => (
              <li key={h.from + h.period} className="flex items-center justify-between gap-3 py-2">
                <span className="font-semibold">
                  {t(`rg.state.${h.kind}`)} · {t(`rg.periods.${h.period}`)}
                </span>
                <span className="text-right text-xs text-muted">
                  {h.from} → {h.until}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Who to call: the national lines and the brand's own support. */
export function HelpLines({ lines }: { lines: HelpLineView[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="rg-help-title" className={cardClass}>
      <h2 id="rg-help-title" className="flex items-center gap-2 text-base font-bold">
        <HelpIcon width={20} height={20} />
        {t("rg.help.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("rg.help.body")}</p>
      <ul className="mt-2 space-y-2 text-sm" data-testid="help-lines">
        {lines.map((l) => (
          <li key={l.name + l.phone} className="flex items-center justify-between gap-3">
            <span>{l.name}</span>
            <a
              href={`tel:${l.phone.replace(/[^\d+]/g, "")}`}
              className="font-semibold text-primary underline-offset-2 hover:underline"
            >
              {l.phone}
            </a>
          </li>
        ))}
      </ul>
      <Link to="/m/help" className={buttonClass("secondary", "md", "mt-3")}>
        {t("rg.help.service")}
      </Link>
    </section>
  );
}
