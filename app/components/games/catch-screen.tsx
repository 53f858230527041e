import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPeso } from "~/utils/money";
import { BetPicker, chipLabel, postedBet } from "./bet-picker";
import type { CatchConfig, EngineScreenProps } from "./engine-screen";
import { useGameFrame, BET_PANEL } from "./game-frame";
import { RoundError, WinBanner } from "./round-error";
import { usePlayedRound } from "./use-played-round";

/** A volley as the engine stores it (app/domain/games/engines/catch.ts, VolleyOutcome). */
interface VolleyView {
  shots: { target: string; multiplier: number; caught: boolean; betCentavos: string; winCentavos: string }[];
  totalBetCentavos: string;
  totalWinCentavos: string;
}

const FIRE_MS = 450;
const SHOT_REVEAL_MS = 90;

/** A fish drawn larger and in richer colours the more it is worth; the boss in gold. */
function FishMark({ multiplier, big }: { multiplier: number; big: boolean }) {
  const colour =
    multiplier >= 300 ? "text-prize" : multiplier >= 50 ? "text-accent" : multiplier >= 10 ? "text-primary" : "text-success";
  const size = big ? (multiplier >= 100 ? "h-12 w-16" : multiplier >= 10 ? "h-10 w-14" : "h-8 w-11") : "h-5 w-7";
  return (
    <svg viewBox="0 0 32 20" aria-hidden="true" className={`${size} fill-current drop-shadow ${colour}`}>
      <path d="M2 10c4-6 11-8 18-6l6-4-2 10 2 10-6-4C13 18 6 16 2 10z" />
      <circle cx="9" cy="8.5" r="1.6" className="fill-bg" />
      {multiplier >= 50 ? <path d="M14 2l2-2 2 3z" /> : null}
    </svg>
  );
}

export function CatchScreen({ config, round, error }: EngineScreenProps<CatchConfig>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const frame = useGameFrame();
  const { Form, shown, playing, revealed, start } = usePlayedRound({ round, error }, FIRE_MS);
  const outcome = shown.round ? (shown.round.outcome as unknown as VolleyView) : null;
  const [aim, setAim] = useState<string[]>([]);
  const [visibleShots, setVisibleShots] = useState(Number.MAX_SAFE_INTEGER);
  const soundRef = useRef(frame.sound);
  soundRef.current = frame.sound;

  useEffect(() => {
    if (revealed === 0 || !outcome) return;
    if (frame.reducedMotion) {
      setVisibleShots(outcome.shots.length);
      return;
    }
    let n = 0;
    setVisibleShots(0);
    const timer = setInterval(() => {
      n += 1;
      setVisibleShots(n);
      soundRef.current.play(outcome.shots[n - 1]?.caught ? "catch" : "shot");
      if (n >= outcome.shots.length) clearInterval(timer);
    }, SHOT_REVEAL_MS);
    return () => clearInterval(timer);
  }, [revealed]); // eslint-disable-line react-hooks/exhaustive-deps

  const counts = new Map<string, number>();
  for (const id of aim) counts.set(id, (counts.get(id) ?? 0) + 1);
  const full = aim.length >= config.maxVolley;
  const name = (id: string) => t(`play.fish.targets.${id}`);
  const perShot = outcome?.shots[0]?.betCentavos ?? null;
  const settled = !playing && outcome !== null && visibleShots >= outcome.shots.length;
  const caught = outcome ? outcome.shots.filter((s) => s.caught).length : 0;

  return (
    <div className="flex flex-1 flex-col gap-3" data-testid="catch-screen">
      <Form
        method="post"
        className="flex flex-1 flex-col gap-3"
        onSubmit={(event) => {
          const shots = new FormData(event.currentTarget).getAll("target").length;
          if (shots === 0) {
            event.preventDefault();
            return;
          }
          start(event, postedBet(event.currentTarget) * BigInt(shots));
          setVisibleShots(0);
          frame.sound.play("shot");
        }}
        data-testid="catch-form"
      >
        <CsrfInput />
        <section
          className="relative overflow-hidden rounded-2xl border-2 border-primary/40 bg-[radial-gradient(140%_90%_at_50%_110%,var(--surface-3),var(--surface)_55%,var(--bg))] p-2 shadow-[0_0_24px_var(--glow)]"
          aria-labelledby="catch-targets"
        >
          <h2
            id="catch-targets"
            className="mb-2 flex items-center justify-between px-1 text-xs font-semibold tracking-wider text-muted uppercase"
          >
            <span>{t("play.fish.pickTargets")}</span>
            {hydrated ? (
              <span className="tabular-nums" data-testid="catch-shots">
                {t("play.fish.shots", { count: aim.length, max: config.maxVolley })}
              </span>
            ) : null}
          </h2>
          <div className="grid grid-cols-4 gap-2">
            {config.targets.map((target) => {
              const n = counts.get(target.id) ?? 0;
              const tile =
                "relative flex h-full w-full flex-col items-center justify-end gap-0.5 rounded-xl border bg-surface/70 px-1 pt-2 pb-1.5 text-center transition active:scale-95 motion-reduce:transition-none";
              const body = (
                <>
                  <FishMark multiplier={target.multiplier} big />
                  <span className="w-full truncate text-[10px] font-semibold text-text">{name(target.id)}</span>
                  <span className="rounded-full bg-bg/70 px-1.5 text-[11px] font-black tabular-nums text-prize">
                    ×{target.multiplier}
                  </span>
                </>
              );
              // Without JavaScript each ticked target is one shot; with it, every tap adds one.
              return hydrated ? (
                <div key={target.id} className="relative">
                  <button
                    type="button"
                    onClick={() => !full && setAim((a) => [...a, target.id])}
                    disabled={playing}
                    aria-label={t("play.fish.addShot", { target: name(target.id), multiplier: target.multiplier })}
                    className={`${tile} ${n > 0 ? "border-prize ring-2 ring-prize/50" : "border-line/60"}`}
                    data-testid={`target-${target.id}`}
                  >
                    {body}
                  </button>
                  {n > 0 ? (
                    <>
                      <span className="pointer-events-none absolute -top-1.5 -right-1.5 flex h-6 min-w-6 items-center justify-center rounded-full bg-prize px-1 text-xs font-black text-on-primary shadow">
                        {n}
                      </span>
                      <button
                        type="button"
                        onClick={() => setAim((a) => a.filter((_, i) => i !== a.lastIndexOf(target.id)))}
                        disabled={playing}
                        aria-label={t("play.fish.removeShot", { target: name(target.id) })}
                        className="absolute -top-1.5 -left-1.5 flex h-6 w-6 items-center justify-center rounded-full border border-line bg-surface-3 text-sm font-black text-text shadow"
                      >
                        −
                      </button>
                      {Array.from({ length: n }, (_, i) => (
                        <input key={i} type="hidden" name="target" value={target.id} />
                      ))}
                    </>
                  ) : null}
                </div>
              ) : (
                <label key={target.id} className="relative cursor-pointer">
                  <input type="checkbox" name="target" value={target.id} className="peer sr-only" />
                  <span
                    className={`${tile} border-line/60 peer-checked:border-prize peer-checked:ring-2 peer-checked:ring-prize/50 peer-focus-visible:outline-2 peer-focus-visible:outline-primary`}
                  >
                    {body}
                  </span>
                </label>
              );
            })}
          </div>
        </section>

        {/* A fixed height: two rows of shots (a bigger volley scrolls within) and the win's figure, so
            the result never pushes the controls below it down the screen. */}
        <div className="flex h-28 flex-col items-center justify-center gap-2" data-testid="catch-result">
          {outcome ? (
            <ol
              className="flex max-h-[3.125rem] flex-wrap justify-center gap-1.5 overflow-y-auto"
              aria-label={t("play.fish.volley")}
            >
              {outcome.shots.slice(0, visibleShots).map((s, i) => (
                <li
                  key={i}
                  className={`flex items-center gap-1 rounded-full border px-2 py-0.5 text-[11px] font-semibold ${
                    s.caught ? "border-prize bg-prize/15 text-prize" : "border-line/60 bg-surface/70 text-muted"
                  }`}
                  data-caught={s.caught}
                >
                  <FishMark multiplier={s.multiplier} big={false} />
                  <span>{name(s.target)}</span>
                  <span>{s.caught ? `${t("play.fish.caught")} ${formatPeso(s.winCentavos)}` : t("play.fish.missed")}</span>
                </li>
              ))}
            </ol>
          ) : playing ? (
            <p className="text-sm font-semibold tracking-widest text-muted uppercase">{t("play.fish.firing")}</p>
          ) : null}
          {settled && outcome ? (
            <WinBanner win={outcome.totalWinCentavos} label={t("play.win")} nothing={t("play.fish.allMissed")} />
          ) : null}
          <p className="sr-only" role="status" aria-live="polite">
            {settled && outcome
              ? t("play.fish.result", { caught, shots: outcome.shots.length, amount: formatPeso(outcome.totalWinCentavos) })
              : ""}
          </p>
        </div>

        <RoundError error={shown.error} />

        <div className={`mt-auto ${BET_PANEL}`}>
          <BetPicker steps={config.betSteps} selected={perShot} label={t("play.fish.perShot")} />
          <div className="flex items-center gap-2">
            {hydrated ? (
              <button
                type="button"
                onClick={() => setAim([])}
                disabled={aim.length === 0 || playing}
                className="h-12 shrink-0 rounded-full border border-line px-4 text-sm font-semibold text-muted disabled:opacity-50"
              >
                {t("play.fish.clear")}
              </button>
            ) : null}
            <button
              type="submit"
              disabled={playing || (hydrated && aim.length === 0)}
              className="btn-primary flex h-12 flex-1 items-center justify-center rounded-full text-base font-black tracking-wide uppercase transition active:scale-95 disabled:opacity-60 motion-reduce:transition-none"
              data-testid="fire"
            >
              {hydrated && aim.length > 0 ? t("play.fish.fireCount", { count: aim.length }) : t("play.fish.fire")}
            </button>
          </div>
          {hydrated ? null : <p className="text-center text-[11px] text-muted">{t("play.fish.noScriptHint")}</p>}
          {hydrated && aim.length > 0 ? <FireCost shots={aim.length} /> : null}
        </div>
      </Form>
    </div>
  );
}

/** What the volley will cost at the chosen stake, read from the checked chip. */
function FireCost({ shots }: { shots: number }) {
  const { t } = useTranslation();
  const [stake, setStake] = useState<string | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const read = () => {
      const v = new FormData(form).get("bet");
      setStake(typeof v === "string" && /^\d{1,12}$/.test(v) ? v : null);
    };
    read();
    form.addEventListener("change", read);
    return () => form.removeEventListener("change", read);
  }, []);
  return (
    <p ref={ref} className="text-center text-xs text-muted" data-testid="catch-cost">
      {stake
        ? t("play.fish.cost", { shots, stake: chipLabel(stake), amount: formatPeso((BigInt(stake) * BigInt(shots)).toString()) })
        : ""}
    </p>
  );
}
