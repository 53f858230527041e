import { Form, useFetcher } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useState, type MouseEvent } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { CheckIcon, WalletIcon } from "~/components/ui/icons";
import { SubmitButton } from "~/components/ui/submit-button";
import { useEnteredBeforeHydration } from "~/components/ui/entered-before-hydration";
import { centavosToInput, formatPeso, parsePesoAmount } from "~/utils/money";
import { ChannelIcon } from "./channel-icon";
import type { ChannelId, ChannelView, DepositErrors, QuoteView } from "./types";

export interface DepositFormProps {
  /** dep_func 1: the channel grid; otherwise the classic form with a channel select. */
  view: "grid" | "classic";
  balance: string;
  channels: ChannelView[];
  /** The channel chosen so far (a card's link, or the last post); null shows the grid alone. */
  selected: ChannelId | null;
  /** What the amount field holds, as typed. */
  amount: string;
  /** The fee and credit of the channel and amount above, when the amount is one the channel takes. */
  quote: QuoteView | null;
  errors: DepositErrors;
}

const SCREEN = "/m/voucherCenter";
const href = (channel: string, amount?: string) =>
  `${SCREEN}?${new URLSearchParams({ channel, ...(amount ? { amount } : {}) }).toString()}`;

/**
 * The deposit form. Every control is a link or a plain post first: a channel card or a quick
 * amount is a link that prefills the page, the form posts channel and amount. With JavaScript
 * the same controls change the page in place and the fee preview follows what is typed.
 */
export function DepositForm(props: DepositFormProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ChannelId | null>(props.selected);
  const [amount, setAmount] = useState(props.amount);
  const preview = useFetcher<{ quote: QuoteView | null }>();
  useEffect(() => setSelected(props.selected), [props.selected]);
  useEffect(() => setAmount(props.amount), [props.amount]);
  const amountField = useEnteredBeforeHydration<HTMLInputElement, string>((el) => el.value, setAmount);
  const channelField = useEnteredBeforeHydration<HTMLSelectElement, ChannelId>(
    (el) => (props.channels.some((c) => c.id === el.value) ? (el.value as ChannelId) : null),
    setSelected,
  );

  const channel = props.channels.find((c) => c.id === selected) ?? null;
  // The server quotes (the fee rule lives in the domain); the preview asks it as the amount changes.
  useEffect(() => {
    if (!channel || parsePesoAmount(amount) === null) return;
    const timer = setTimeout(() => preview.load(href(channel.id, amount.trim())), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel?.id, amount]);
  // A quote is shown only for exactly what the field holds now, never for an amount typed before.
  const typed = parsePesoAmount(amount)?.toString();
  const fits = (q: QuoteView | null | undefined): q is QuoteView => Boolean(q && q.channel === channel?.id && q.amount === typed);
  const quote = fits(props.quote) ? props.quote : fits(preview.data?.quote) ? preview.data.quote : null;

  const choose = (id: ChannelId) => (e: MouseEvent) => {
    e.preventDefault();
    setSelected(id);
  };
  const quick = (value: string) => (e: MouseEvent) => {
    e.preventDefault();
    setAmount(value);
  };

  return (
    <div className="space-y-4 px-4 pb-6 pt-4">
      <h1 className="text-lg font-bold">{t("titles.deposit")}</h1>
      <section className="flex items-center gap-3 rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-4 shadow-xl">
        <span className="flex h-11 w-11 items-center justify-center rounded-full bg-primary text-on-primary">
          <WalletIcon width={22} height={22} />
        </span>
        <div>
          <p className="text-xs text-muted">{t("deposit.balance")}</p>
          <p className="text-xl font-bold text-primary" data-testid="deposit-balance">
            {formatPeso(props.balance)}
          </p>
        </div>
      </section>

      {props.view === "grid" ? (
        <section aria-labelledby="deposit-channels" className="space-y-2">
          <h2 id="deposit-channels" className="text-sm font-semibold text-muted">
            {t("deposit.chooseChannel")}
          </h2>
          <ul className="grid grid-cols-2 gap-3">
            {props.channels.map((c) => {
              const active = c.id === selected;
              return (
                <li key={c.id}>
                  <Link
                    to={href(c.id)}
                    onClick={choose(c.id)}
                    replace
                    preventScrollReset
                    aria-current={active ? "true" : undefined}
                    className={`relative flex h-full flex-col gap-1 rounded-card border p-3 transition ${
                      active ? "border-primary bg-primary/10 ring-2 ring-primary/40" : "border-line bg-surface hover:bg-surface-2"
                    }`}
                  >
                    <ChannelIcon id={c.id} width={26} height={26} className="text-primary" />
                    <span className="font-semibold">{t(`payments.channels.${c.id}`)}</span>
                    <span className="text-xs text-muted">
                      {t("deposit.channelLimits", { min: formatPeso(c.min), max: formatPeso(c.max) })}
                    </span>
                    <FeeRule channel={c} />
                    {active ? (
                      <span className="absolute right-2 top-2 flex h-5 w-5 items-center justify-center rounded-full bg-primary text-on-primary">
                        <CheckIcon width={14} height={14} />
                        <span className="sr-only">{t("deposit.selected")}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
          <ErrorList id="deposit-channel-error" errors={props.errors.channel} />
        </section>
      ) : null}

      {props.view === "classic" || channel ? (
        <Form method="post" action={SCREEN} className="space-y-4 rounded-card border border-line bg-surface p-4" replace>
          <CsrfInput />
          {props.view === "grid" ? (
            <input type="hidden" name="channel" value={channel?.id ?? ""} />
          ) : (
            <div className="space-y-1">
              <label htmlFor="deposit-channel" className="text-sm font-medium">
                {t("deposit.channel")}
              </label>
              <select
                ref={channelField}
                id="deposit-channel"
                name="channel"
                value={selected ?? ""}
                onChange={(e) => setSelected((e.target.value || null) as ChannelId | null)}
                aria-invalid={props.errors.channel?.length ? true : undefined}
                className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-text outline-none focus:border-primary"
              >
                {selected ? null : <option value="">{t("deposit.chooseChannel")}</option>}
                {props.channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t(`payments.channels.${c.id}`)} ({formatPeso(c.min)} – {formatPeso(c.max)})
                  </option>
                ))}
              </select>
              <ErrorList id="deposit-channel-error" errors={props.errors.channel} />
            </div>
          )}

          <div className="space-y-1">
            <label htmlFor="deposit-amount" className="flex items-baseline gap-1 text-sm font-medium">
              {t("deposit.amount")}
              <span className="text-danger" aria-hidden="true">
                *
              </span>
            </label>
            <div className="flex items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30 has-[[aria-invalid=true]]:border-danger">
              <span className="font-semibold text-muted" aria-hidden="true">
                ₱
              </span>
              <input
                ref={amountField}
                id="deposit-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                required
                maxLength={20}
                placeholder={t("deposit.amountPlaceholder")}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-invalid={props.errors.amount?.length ? true : undefined}
                aria-describedby="deposit-amount-hint deposit-amount-error"
                className="h-11 min-w-0 flex-1 bg-transparent text-base text-text outline-none placeholder:text-muted/70"
              />
            </div>
            {channel ? (
              <p id="deposit-amount-hint" className="text-xs text-muted">
                {t("deposit.limitsHint", { min: formatPeso(channel.min), max: formatPeso(channel.max) })}
              </p>
            ) : null}
            <ErrorList id="deposit-amount-error" errors={props.errors.amount} />
          </div>

          {channel && channel.quickAmounts.length > 0 ? (
            <div className="space-y-1">
              <p className="text-xs font-medium text-muted">{t("deposit.quickAmounts")}</p>
              <ul className="grid grid-cols-3 gap-2">
                {channel.quickAmounts.map((q) => {
                  const value = centavosToInput(BigInt(q));
                  const active = amount.trim() === value;
                  return (
                    <li key={q}>
                      <Link
                        to={href(channel.id, value)}
                        onClick={quick(value)}
                        replace
                        preventScrollReset
                        aria-current={active ? "true" : undefined}
                        className={`flex h-10 items-center justify-center rounded-full border text-sm font-semibold ${
                          active
                            ? "border-primary bg-primary text-on-primary"
                            : "border-line bg-surface-2 hover:border-primary/60"
                        }`}
                      >
                        {formatPeso(q)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}

          {channel ? (
            // Drawn as soon as a channel is chosen, with a dash until the amount is one it takes: a quote
            // arriving while the player reaches for the button must not push the button from under the tap.
            <dl className="space-y-1 rounded-xl bg-black/20 p-3 text-sm" aria-live="polite" data-testid="deposit-quote">
              <div className="flex justify-between">
                <dt className="text-muted">{t("deposit.fee")}</dt>
                <dd>
                  {!quote
                    ? "—"
                    : quote.fee === "0"
                      ? t("deposit.feeFree")
                      : quote.feePayer === "house"
                        ? t("deposit.feeHouse")
                        : formatPeso(quote.fee)}
                </dd>
              </div>
              <div className="flex justify-between font-semibold">
                <dt>{t("deposit.credit")}</dt>
                <dd className="text-primary" data-testid="deposit-credit">
                  {quote ? formatPeso(quote.credit) : "—"}
                </dd>
              </div>
            </dl>
          ) : null}

          <ErrorList id="deposit-form-error" errors={props.errors.form} />
          <SubmitButton>{t("deposit.submit")}</SubmitButton>
          <p className="text-center text-xs text-muted">{t("deposit.secureNote")}</p>
        </Form>
      ) : null}
    </div>
  );
}

/** The channel's fee in words: free, on the house, or the player's percentage and fixed part. */
function FeeRule({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation();
  const { payer, percentBps, fixed } = channel.fee;
  if (payer === "house" || (percentBps === 0 && fixed === "0")) {
    return <span className="text-xs text-muted">{t("deposit.feeRule", { rule: t("deposit.feeFree") })}</span>;
  }
  const parts = [
    percentBps > 0 ? `${centavosToInput(BigInt(percentBps))}%` : null,
    fixed !== "0" ? formatPeso(fixed) : null,
  ].filter(Boolean);
  return <span className="text-xs text-muted">{t("deposit.feeRule", { rule: parts.join(" + ") })}</span>;
}
