import { useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { AlertIcon, CheckIcon, ClockIcon, RefreshIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPeso } from "~/utils/money";
import type { ChannelId, OrderState } from "./types";

export interface OrderView {
  id: string;
  state: OrderState;
  channel: ChannelId;
  amount: string;
  fee: string;
  credit: string;
  /** A gateway's failure text, or our own code (gateway_unavailable). */
  failureReason: string | null;
  /** While pending: where the player can still pay (allow-listed by the loader). */
  checkoutUrl: string | null;
}

/** Re-checks every 2 s while the order is pending, for up to 2 minutes. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 2 * 60_000;

function usePendingPoll(pending: boolean): boolean {
  const revalidator = useRevalidator();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) {
        clearInterval(timer);
        setGaveUp(true);
        return;
      }
      if (document.visibilityState === "visible") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);
  return gaveUp;
}

export function OrderStatus({
  order,
  balance,
  selfHref,
  refreshSeconds,
}: {
  order: OrderView;
  balance: string;
  selfHref: string;
  /** Without JavaScript the page reloads itself this often while pending; null: not any more. */
  refreshSeconds: number | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const gaveUp = usePendingPoll(order.state === "pending");
  return (
    <div className="space-y-4 px-4 pb-6 pt-4">
      {order.state === "pending" && refreshSeconds !== null ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(refreshSeconds)} />
        </noscript>
      ) : null}
      <section
        className="rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-5 text-center shadow-xl"
        aria-live="polite"
        data-state={order.state}
      >
        {order.state === "pending" ? (
          <>
            <span
              className="mx-auto flex h-14 w-14 items-center justify-center rounded-full border-4 border-primary/30 border-t-primary motion-safe:animate-spin"
              aria-hidden="true"
            />
            <h1 className="mt-4 text-lg font-bold">{t("deposit.order.waiting")}</h1>
            <p className="mt-1 text-sm text-muted">{gaveUp ? t("deposit.order.stillWaiting") : t("deposit.order.waitingHint")}</p>
          </>
        ) : order.state === "paid" ? (
          <>
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary text-on-primary">
              <CheckIcon width={30} height={30} />
            </span>
            <h1 className="mt-4 text-lg font-bold">{t("deposit.order.paidTitle")}</h1>
            <p className="mt-1 text-sm">{t("deposit.order.credited", { amount: formatPeso(order.credit) })}</p>
            <p className="mt-3 text-xs text-muted">{t("deposit.order.newBalance")}</p>
            <p className="text-2xl font-bold text-primary" data-testid="deposit-new-balance">
              {formatPeso(balance)}
            </p>
          </>
        ) : order.state === "failed" ? (
          <>
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-danger/20 text-danger">
              <AlertIcon width={30} height={30} />
            </span>
            <h1 className="mt-4 text-lg font-bold">{t("deposit.order.failedTitle")}</h1>
            {order.failureReason ? (
              <p className="mt-1 text-sm text-muted">
                {t("deposit.order.reason")}:{" "}
                {order.failureReason === "gateway_unavailable" ? t("deposit.order.reasonGateway") : order.failureReason}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-surface-2 text-muted">
              <ClockIcon width={30} height={30} />
            </span>
            <h1 className="mt-4 text-lg font-bold">{t("deposit.order.expiredTitle")}</h1>
          </>
        )}
      </section>

      <dl className="divide-y divide-line/60 overflow-hidden rounded-card border border-line bg-surface text-sm">
        {[
          [
            t("deposit.order.orderId"),
            <span key="id" className="font-mono">
              {order.id}
            </span>,
          ],
          [t("deposit.order.channel"), t(`payments.channels.${order.channel}`)],
          [t("deposit.order.amount"), formatPeso(order.amount)],
          [t("deposit.order.fee"), order.fee === "0" ? t("deposit.feeFree") : formatPeso(order.fee)],
          [t("deposit.order.credit"), formatPeso(order.credit)],
          [t("deposit.order.state"), t(`payments.states.${order.state}`)],
        ].map(([label, value], i) => (
          <div key={i} className="flex justify-between gap-3 px-4 py-3">
            <dt className="text-muted">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-3">
        {order.state === "pending" ? (
          <>
            {order.checkoutUrl ? (
              <a href={order.checkoutUrl} className={buttonClass("primary", "lg")}>
                {t("deposit.order.continuePayment")}
              </a>
            ) : null}
            {!hydrated || gaveUp ? (
              <Link to={selfHref} replace className={buttonClass("secondary", "md", "gap-2")}>
                <RefreshIcon width={18} height={18} />
                {t("deposit.order.checkAgain")}
              </Link>
            ) : null}
          </>
        ) : order.state === "paid" ? (
          <>
            <Link to="/m/gameCenter" className={buttonClass("primary", "lg")}>
              {t("deposit.order.play")}
            </Link>
            <Link to="/m/home" className={buttonClass("secondary", "md")}>
              {t("deposit.order.home")}
            </Link>
          </>
        ) : (
          <>
            <Link to={`/m/voucherCenter?channel=${order.channel}`} className={buttonClass("primary", "lg")}>
              {order.state === "failed" ? t("deposit.order.tryAgain") : t("deposit.order.newDeposit")}
            </Link>
            <Link to="/m/home" className={buttonClass("secondary", "md")}>
              {t("deposit.order.home")}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
