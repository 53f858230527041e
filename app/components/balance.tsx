import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type SVGProps } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { Icon, RefreshIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPeso } from "~/utils/money";

/** What shows instead of the amount while it is hidden or being refreshed (spec §4). */
export const MASKED_BALANCE = "₱****";

const EyeIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
const EyeOffIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6C3.7 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </Icon>
);

export interface BalanceViewProps {
  /** Centavos, as a string. */
  amount: string;
  hidden: boolean;
  refreshing: boolean;
  /** With JavaScript the controls work in place; without it they are a form post and a reload. */
  hydrated: boolean;
  /** The page the player is on: where the no-JavaScript toggle returns and the refresh reloads. */
  here: string;
  csrf: string;
  size: "sm" | "lg";
  onToggle?: (event: FormEvent<HTMLFormElement>) => void;
  onRefresh?: () => void;
}

const CONTROL = {
  sm: "h-6 w-6 [&>svg]:h-3.5 [&>svg]:w-3.5",
  lg: "h-9 w-9 [&>svg]:h-5 [&>svg]:w-5",
};

/** The amount with its hide/show and refresh controls; the state comes from useBalance. */
export function BalanceView({ amount, hidden, refreshing, hydrated, here, csrf, size, onToggle, onRefresh }: BalanceViewProps) {
  const { t } = useTranslation();
  const control = `flex shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-text disabled:opacity-60 ${CONTROL[size]}`;
  const masked = hidden || refreshing;
  return (
    <span className="flex items-center gap-0.5">
      <span
        className={size === "sm" ? "text-xs font-bold text-primary tabular-nums" : "text-lg font-bold text-primary tabular-nums"}
        aria-label={t("header.balance")}
        aria-live="polite"
        aria-busy={refreshing || undefined}
      >
        {masked ? MASKED_BALANCE : formatPeso(amount)}
      </span>
      <form method="post" action="/m/balance" onSubmit={onToggle} className="contents">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="hidden" value={hidden ? "0" : "1"} />
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" className={control} aria-label={t(hidden ? "balance.show" : "balance.hide")} aria-pressed={hidden}>
          {hidden ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </form>
      {hydrated ? (
        <button
          type="button"
          className={control}
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={t(refreshing ? "balance.refreshing" : "balance.refresh")}
        >
          <RefreshIcon className={refreshing ? "animate-spin" : undefined} />
        </button>
      ) : (
        // Without JavaScript a refresh is the page again, whose loader reads the balance afresh.
        <a href={here} className={control} aria-label={t("balance.refresh")}>
          <RefreshIcon />
        </a>
      )}
    </span>
  );
}

/** Shared by every balance on screen, so a toggle or refresh in the header shows on the page too. */
const TOGGLE_KEY = "balance-visibility";
const REFRESH_KEY = "balance-refresh";

function useBalance(balance: string, hidden: boolean) {
  const toggler = useFetcher({ key: TOGGLE_KEY });
  const refresher = useFetcher<{ balance: string }>({ key: REFRESH_KEY });
  const [amount, setAmount] = useState(balance);
  // A page mounted after an earlier refresh must not take that answer over the root's newer one.
  const seen = useRef(refresher.data);
  useEffect(() => setAmount(balance), [balance]);
  useEffect(() => {
    if (refresher.data === seen.current) return;
    seen.current = refresher.data;
    if (refresher.data?.balance) setAmount(refresher.data.balance);
  }, [refresher.data]);
  const pending = toggler.formData?.get("hidden");
  return {
    amount,
    // Optimistic: the mask follows the click before the cookie comes back.
    hidden: typeof pending === "string" ? pending === "1" : hidden,
    refreshing: refresher.state !== "idle",
    toggle(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      form.delete("redirectTo");
      void toggler.submit(form, { method: "post", action: "/m/balance" });
    },
    refresh() {
      refresher.load("/m/balance");
    },
  };
}

export function Balance({
  balance,
  hidden,
  csrf,
  size = "sm",
}: {
  balance: string;
  hidden: boolean;
  csrf: string;
  size?: "sm" | "lg";
}) {
  const state = useBalance(balance, hidden);
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  return (
    <BalanceView
      amount={state.amount}
      hidden={state.hidden}
      refreshing={state.refreshing}
      hydrated={hydrated}
      here={pathname + search}
      csrf={csrf}
      size={size}
      onToggle={state.toggle}
      onRefresh={state.refresh}
    />
  );
}
