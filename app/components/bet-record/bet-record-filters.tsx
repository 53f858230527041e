import { Form } from "@remix-run/react";
import type { GameCategory } from "~/brand/categories";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import type { BetRecordFilterView, BetRecordRangeView, BetRecordTypeView } from "./types";

const RANGES: BetRecordRangeView[] = ["today", "yesterday", "7d", "30d", "custom"];

const field =
  "h-11 min-w-0 rounded-xl border border-line bg-surface-2 px-3 text-sm text-text [color-scheme:dark] focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none aria-[invalid=true]:border-danger";

/** Picking a date means the dates, not a named period (without JavaScript the player picks "Dates"). */
function chooseDates(e: React.ChangeEvent<HTMLInputElement>) {
  const custom = e.currentTarget.form?.querySelector<HTMLInputElement>('input[name="range"][value="custom"]');
  if (custom) custom.checked = true;
}

/**
 * A plain GET form: the filters live in the address, so they work without JavaScript and can be
 * shared. A named period wins over the dates; "Dates" uses them.
 */
/**
 * The filters of the bet record. The game types offered are the brand's categories, and the one
 * filtered on when the brand no longer offers it (its rounds stay in the record).
 */
export function BetRecordFilters({
  filter,
  categories,
  error,
}: {
  filter: BetRecordFilterView;
  categories: readonly GameCategory[];
  error: string | null;
}) {
  const { t } = useTranslation();
  const types: BetRecordTypeView[] = ["all", ...categories];
  if (!types.includes(filter.type)) types.push(filter.type);
  const invalid = error ? true : undefined;
  const described = error ? "bet-record-filter-error" : undefined;
  return (
    <Form method="get" className="space-y-3 rounded-card border border-line bg-surface p-3" aria-label={t("betRecord.filters")}>
      <fieldset>
        <legend className="mb-1.5 text-xs font-medium text-muted">{t("betRecord.rangeLabel")}</legend>
        <div className="flex flex-wrap gap-1.5">
          {RANGES.map((r) => (
            <label
              key={r}
              className="flex h-9 cursor-pointer items-center rounded-full border border-line bg-surface-2 px-3.5 text-xs font-semibold text-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/50"
            >
              <input type="radio" name="range" value={r} defaultChecked={filter.range === r} className="sr-only" />
              {t(`betRecord.range.${r}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        {(["from", "to"] as const).map((name) => (
          <label key={name} className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted">
            {t(`betRecord.${name}`)}
            <input
              type="date"
              name={name}
              defaultValue={filter[name]}
              aria-invalid={invalid}
              aria-describedby={described}
              onChange={chooseDates}
              className={field}
            />
          </label>
        ))}
      </div>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted">
        {t("betRecord.typeLabel")}
        <select name="type" defaultValue={filter.type} className={field}>
          {types.map((type) => (
            <option key={type} value={type}>
              {type === "all" ? t("betRecord.allTypes") : t(`category.${type}`)}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p id="bet-record-filter-error" role="alert" className="text-xs font-medium text-danger">
          {t(error)}
        </p>
      ) : (
        <p className="text-xs text-muted">{t("betRecord.rangeHint")}</p>
      )}
      <button type="submit" className={buttonClass("primary", "md", "w-full")}>
        {t("betRecord.apply")}
      </button>
    </Form>
  );
}
