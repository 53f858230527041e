import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { ClockIcon, WalletIcon } from "~/components/ui/icons";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatPeso } from "~/utils/money";

type MoneyKind = "deposit" | "loss" | "bet";

/** A limit slot as the page shows it: amounts as centavo strings (minutes for the session). */
export interface LimitView {
  kind: MoneyKind | "session";
  period: "day" | "week" | "month" | "session";
  amount: string | null;
  used: string | null;
  pending: { amount: string | null; when: string } | null;
}

const cardClass = "rounded-card border border-line bg-surface p-4 shadow-lg";

function LimitLine({ limit }: { limit: LimitView }) {
  const { t } = useTranslation();
  const money = limit.kind !== "session";
  const shown = (amount: string | null) =>
    amount === null ? t("rg.limits.none") : money ? formatPeso(amount) : t("rg.limits.minutes", { minutes: amount });
  const left =
    money && limit.amount !== null && limit.used !== null
      ? (BigInt(limit.amount) > BigInt(limit.used) ? BigInt(limit.amount) - BigInt(limit.used) : 0n).toString()
      : null;
  return (
    <li className="py-2" data-testid={`limit-${limit.kind}-${limit.period}`}>
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm">{t(`rg.limits.periods.${limit.period}`)}</span>
        <span className="text-sm font-semibold">{shown(limit.amount)}</span>
      </div>
      {left !== null ? (
        <p className="text-right text-xs text-muted">{t("rg.limits.left", { amount: formatPeso(left) })}</p>
      ) : null}
      {limit.pending ? (
        <p className="text-right text-xs text-prize">
          {t("rg.limits.pending", { amount: shown(limit.pending.amount), when: limit.pending.when })}
        </p>
      ) : null}
    </li>
  );
}

/** One kind of limit: its periods as in force, and the form that changes one of them. */
function LimitCard({ kind, limits, errors }: { kind: MoneyKind | "session"; limits: LimitView[]; errors: string[] | null }) {
  const { t } = useTranslation();
  const mine = limits.filter((l) => l.kind === kind);
  const id = `limit-form-${kind}`;
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-bold">
        {kind === "session" ? <ClockIcon width={18} height={18} /> : <WalletIcon width={18} height={18} />}
        {t(`rg.limits.kinds.${kind}`)}
      </h3>
      <ul className="mt-1 divide-y divide-line/60">
        {mine.map((l) => (
          <LimitLine key={l.period} limit={l} />
        ))}
      </ul>
      {/* A new key after each change: the form comes back empty once its limit is saved. */}
      <Form
        key={mine.map((l) => `${l.amount}:${l.pending?.amount}:${l.pending?.when}`).join("|")}
        method="post"
        className="mt-2 grid grid-cols-[auto_1fr] items-end gap-2"
        replace
        data-testid={id}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="limit" />
        <input type="hidden" name="kind" value={kind} />
        {kind === "session" ? (
          <input type="hidden" name="period" value="session" />
        ) : (
          <label className="text-xs text-muted">
            {t("rg.limits.period")}
            <select
              name="period"
              className="mt-1 block h-11 rounded-xl border border-line bg-surface-2 px-2 text-sm text-text"
              defaultValue="day"
            >
              {(["day", "week", "month"] as const).map((p) => (
                <option key={p} value={p}>
                  {t(`rg.limits.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={`text-xs text-muted ${kind === "session" ? "col-span-2" : ""}`}>
          {kind === "session" ? t("rg.limits.minutesLabel") : t("rg.limits.amountLabel")}
          <input
            name="amount"
            inputMode={kind === "session" ? "numeric" : "decimal"}
            autoComplete="off"
            maxLength={20}
            placeholder={t("rg.limits.emptyRemoves")}
            className="mt-1 block h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-sm text-text"
          />
        </label>
        <div className="col-span-2">
          <ErrorList errors={errors} />
          <SubmitButton size="md">{t("rg.limits.save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** The player's limits: deposits, losses, bets (day, week, month) and the session time. */
export function LimitsSection({ limits, errors }: { limits: LimitView[]; errors: { kind: string; list: string[] } | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="rg-limits-title" className="space-y-3" data-testid="rg-limits">
      <div>
        <h2 id="rg-limits-title" className="text-base font-bold">
          {t("rg.limits.title")}
        </h2>
        <p className="text-sm text-muted">{t("rg.limits.body")}</p>
      </div>
      {(["deposit", "loss", "bet", "session"] as const).map((kind) => (
        <LimitCard key={kind} kind={kind} limits={limits} errors={errors?.kind === kind ? errors.list : null} />
      ))}
    </section>
  );
}
