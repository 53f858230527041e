import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/ui/i18n";
import { buttonClass } from "~/components/ui/button";

export type HistoryKindView = "all" | "deposits" | "withdrawals";

export interface HistoryFilterView {
  kind: HistoryKindView;
  from: string;
  to: string;
}

const KINDS: { id: HistoryKindView; label: string }[] = [
  { id: "all", label: "history.kind.all" },
  { id: "deposits", label: "history.kind.deposits" },
  { id: "withdrawals", label: "history.kind.withdrawals" },
];

/** A plain GET form: the filters live in the address, so they work without JavaScript and can be shared. */
export function HistoryFilters({ filter, error }: { filter: HistoryFilterView; error: string | null }) {
  const { t } = useTranslation();
  const dateField = (name: "from" | "to") => (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted">
      {t(`history.${name}`)}
      <input
        type="date"
        name={name}
        defaultValue={filter[name]}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "history-filter-error" : undefined}
        className="h-11 min-w-0 rounded-xl border border-line bg-surface-2 px-3 text-sm text-text [color-scheme:dark] focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none aria-[invalid=true]:border-danger"
      />
    </label>
  );
  return (
    <Form method="get" className="space-y-3 rounded-card border border-line bg-surface p-3" aria-label={t("history.filters")}>
      <fieldset>
        <legend className="sr-only">{t("history.kindLabel")}</legend>
        <div className="grid grid-cols-3 gap-1 rounded-full bg-surface-2 p-1">
          {KINDS.map(({ id, label }) => (
            <label
              key={id}
              className="flex h-9 cursor-pointer items-center justify-center rounded-full text-xs font-semibold text-muted has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/50"
            >
              <input type="radio" name="kind" value={id} defaultChecked={filter.kind === id} className="sr-only" />
              {t(label)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        {dateField("from")}
        {dateField("to")}
      </div>
      {error ? (
        <p id="history-filter-error" role="alert" className="text-xs font-medium text-danger">
          {t(error)}
        </p>
      ) : (
        <p className="text-xs text-muted">{t("history.rangeHint")}</p>
      )}
      <button type="submit" className={buttonClass("primary", "md", "w-full")}>
        {t("history.apply")}
      </button>
    </Form>
  );
}
