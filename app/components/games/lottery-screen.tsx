import { Form, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { TabLinks, useTabHref } from "~/components/ui/tabs";
import { formatPeso } from "~/utils/money";
import { BetPicker } from "./bet-picker";
import { BET_PANEL } from "./game-frame";
import { LotteryCountdown } from "./lottery-countdown";
import { RoundError } from "./round-error";

/**
 * The lottery's screen. Views may not import the domain, so the shapes of lotteryView
 * (app/domain/games/lottery.server.ts) are restated here; the route passes the domain's values.
 */

type Centavos = string;

export interface LotteryTicketItem {
  id: string;
  drawNo: string;
  play: { playType: "Tradition" | "Entertainment"; pick?: string; mode?: string; market?: string };
  stake: Centavos;
  win: Centavos | null;
  state: "open" | "won" | "lost" | "cancelled";
  result: number[] | null;
}

export interface LotteryScreenView {
  intervalMinutes: number;
  current: { drawNo: string; drawAt: string; closesAt: string; secondsLeft: number } | null;
  tickets: LotteryTicketItem[];
  results: { drawNo: string; drawAt: string; result: number[]; winners: { player: string; win: Centavos }[] }[];
}

/** A ticket just bought by the page's post. */
export interface LotteryPurchase {
  ticketId: string;
  drawNo: string;
  stake: Centavos;
}

const MARKETS = ["big", "small", "odd", "even"] as const;

function Digits({ digits, size = "md" }: { digits: number[] | string; size?: "md" | "sm" }) {
  const list = typeof digits === "string" ? [...digits] : digits.map(String);
  return (
    <span className="inline-flex gap-1" data-testid="lottery-digits">
      {list.map((d, i) => (
        <span
          key={i}
          className={`flex items-center justify-center rounded-full bg-[radial-gradient(circle_at_35%_30%,var(--prize-shine),var(--prize)_50%,var(--prize-deep))] font-black tabular-nums text-on-primary shadow shadow-black/50 ${
            size === "md" ? "h-9 w-9 text-lg" : "h-6 w-6 text-xs"
          }`}
        >
          {d}
        </span>
      ))}
    </span>
  );
}

export function LotteryScreen({
  tab,
  prizeMode,
  betSteps,
  view,
  purchase,
  error,
}: {
  tab: "Tradition" | "Entertainment";
  prizeMode: string;
  betSteps: Centavos[];
  view: LotteryScreenView;
  purchase: LotteryPurchase | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const href = useTabHref();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const current = view.current;

  const playLabel = (p: LotteryTicketItem["play"]) =>
    p.playType === "Tradition"
      ? t("games.lottery.traditionTicket", { pick: p.pick ?? "", mode: t(`games.lottery.modes.${p.mode ?? "straight"}`) })
      : t(`games.lottery.markets.${p.market ?? "big"}`);

  return (
    <div className="flex flex-1 flex-col gap-3" data-testid="lottery-screen">
      <section
        className="rounded-card border border-line/60 bg-[radial-gradient(120%_90%_at_50%_0%,var(--surface-3),var(--surface)_70%)] p-3 text-center shadow-inner shadow-black/60"
        data-testid="lottery-draw"
      >
        <p className="flex items-center justify-center gap-2 text-[11px] font-semibold tracking-widest text-muted uppercase">
          <span className="rounded-full border border-primary/60 px-2 py-px text-primary" data-testid="lottery-mode">
            {t("games.lottery.mode", { mode: prizeMode })}
          </span>
          <span>{t("games.lottery.every", { minutes: view.intervalMinutes })}</span>
        </p>
        {current ? (
          <>
            <p className="mt-2 text-xs text-muted">{t("games.lottery.drawNo")}</p>
            <p className="text-xl font-black tabular-nums" data-testid="lottery-draw-no">
              {current.drawNo}
            </p>
            <LotteryCountdown closesAt={current.closesAt} secondsLeft={current.secondsLeft} />
          </>
        ) : (
          <p className="mt-2 text-sm text-muted">{t("games.lottery.noDraw")}</p>
        )}
      </section>

      <TabLinks
        label={t("games.lottery.playTypes")}
        tabs={(["Tradition", "Entertainment"] as const).map((p) => ({
          to: href({ tab: p }),
          label: t(`games.lottery.playType.${p}`),
          current: tab === p,
        }))}
      />

      <Form method="post" className={BET_PANEL} data-testid="lottery-form">
        <CsrfInput />
        <input type="hidden" name="playType" value={tab} />
        {current ? <input type="hidden" name="drawNo" value={current.drawNo} /> : null}
        {tab === "Tradition" ? (
          <>
            <label className="flex flex-col gap-1">
              <span className="text-[11px] font-semibold tracking-wider text-muted uppercase">{t("games.lottery.pick")}</span>
              <input
                name="pick"
                required
                inputMode="numeric"
                pattern="[0-9]{3}"
                maxLength={3}
                autoComplete="off"
                placeholder="000"
                className="h-14 rounded-card border border-line bg-surface-2 text-center font-mono text-3xl font-black tracking-[0.6em] text-prize placeholder:text-muted/40"
                data-testid="lottery-pick"
              />
              <span className="text-[11px] text-muted">{t("games.lottery.pickHint")}</span>
            </label>
            <fieldset className="grid grid-cols-2 gap-2">
              <legend className="sr-only">{t("games.lottery.modeLegend")}</legend>
              {(["straight", "rambol"] as const).map((m, i) => (
                <label key={m} className="cursor-pointer">
                  <input type="radio" name="mode" value={m} defaultChecked={i === 0} className="peer sr-only" />
                  <span className="flex min-h-16 flex-col items-center justify-center rounded-card border-2 border-line/60 bg-surface-2 p-2 text-center peer-checked:border-primary peer-checked:bg-primary/10 peer-focus-visible:outline-2 peer-focus-visible:outline-primary">
                    <span className="text-sm font-black uppercase">{t(`games.lottery.modes.${m}`)}</span>
                    <span className="text-[10px] text-muted">{t(`games.lottery.modeRule.${m}`)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          </>
        ) : (
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-1 text-[11px] font-semibold tracking-wider text-muted uppercase">
              {t("games.lottery.market")}
            </legend>
            {MARKETS.map((m, i) => (
              <label key={m} className="cursor-pointer">
                <input type="radio" name="market" value={m} defaultChecked={i === 0} className="peer sr-only" />
                <span className="flex min-h-16 flex-col items-center justify-center rounded-card border-2 border-line/60 bg-surface-2 p-2 text-center peer-checked:border-primary peer-checked:bg-primary/10 peer-focus-visible:outline-2 peer-focus-visible:outline-primary">
                  <span className="text-base font-black uppercase">{t(`games.lottery.markets.${m}`)}</span>
                  <span className="text-[10px] text-muted">{t(`games.lottery.marketRule.${m}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <BetPicker steps={betSteps} selected={purchase?.stake ?? null} label={t("games.lottery.stake")} />
        <button
          type="submit"
          disabled={busy || !current}
          aria-busy={busy || undefined}
          className="btn-primary flex h-12 w-full items-center justify-center rounded-full text-base font-black tracking-wider uppercase transition active:scale-95 disabled:opacity-60 motion-reduce:transition-none"
          data-testid="lottery-buy"
        >
          {busy ? t("form.pleaseWait") : t("games.lottery.buy")}
        </button>
        <p className="text-center text-[10px] text-muted">{t(`games.lottery.payout.${tab}`)}</p>
      </Form>
      {/* Under the form, not above it: the answer to a purchase never moves the picks and the button
          the player may tap next. */}
      {purchase ? (
        <p
          role="status"
          className="rounded-card border border-success/50 bg-success/10 px-3 py-2.5 text-sm text-success"
          data-testid="lottery-bought"
        >
          {t("games.lottery.bought", { drawNo: purchase.drawNo, amount: formatPeso(purchase.stake) })}
        </p>
      ) : null}
      <RoundError error={error} />

      <section className="rounded-card border border-line/60 bg-surface/80 p-3" data-testid="lottery-tickets">
        <h2 className="mb-2 text-sm font-bold">{t("games.lottery.myTickets")}</h2>
        {view.tickets.length === 0 ? (
          <p className="text-xs text-muted">{t("games.lottery.noTickets")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line/50">
            {view.tickets.map((tk) => (
              <li
                key={tk.id}
                className="flex items-center justify-between gap-2 py-2 text-xs"
                data-testid="lottery-ticket"
                data-state={tk.state}
              >
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">{playLabel(tk.play)}</span>
                  <span className="text-muted tabular-nums">
                    {t("games.lottery.ticketDraw", { drawNo: tk.drawNo })} · {formatPeso(tk.stake)}
                  </span>
                </span>
                {tk.result ? <Digits digits={tk.result} size="sm" /> : null}
                <span
                  className={`shrink-0 rounded-full px-2 py-1 font-bold tabular-nums ${
                    tk.state === "won"
                      ? "bg-prize/15 text-prize"
                      : tk.state === "open"
                        ? "bg-primary/10 text-primary"
                        : "bg-surface-3 text-muted"
                  }`}
                >
                  {tk.state === "won"
                    ? t("games.lottery.state.won", { amount: formatPeso(tk.win ?? "0") })
                    : t(`games.lottery.state.${tk.state}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rounded-card border border-line/60 bg-surface/80 p-3" data-testid="lottery-results">
        <h2 className="mb-2 text-sm font-bold">{t("games.lottery.results")}</h2>
        {view.results.length === 0 ? (
          <p className="text-xs text-muted">{t("games.lottery.noResults")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line/50">
            {view.results.map((r) => (
              <li key={r.drawNo} className="flex flex-col gap-1 py-2 text-xs" data-testid="lottery-result">
                <span className="flex items-center justify-between gap-2">
                  <span className="text-muted tabular-nums">{r.drawNo}</span>
                  <Digits digits={r.result} size="sm" />
                </span>
                {r.winners.length > 0 ? (
                  <span className="flex flex-wrap gap-x-3 gap-y-0.5">
                    {r.winners.map((w, i) => (
                      <span key={i}>
                        <span className="text-muted">{w.player}</span>{" "}
                        <span className="font-bold tabular-nums text-prize">{formatPeso(w.win)}</span>
                      </span>
                    ))}
                  </span>
                ) : (
                  <span className="text-muted">{t("games.lottery.noWinners")}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
