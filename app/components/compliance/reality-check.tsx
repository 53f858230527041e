import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { ClockIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { formatPeso } from "~/utils/money";

const MINUTE = 60_000;
/** The last reminder the player answered, per sign-in, so a new page does not ask again. */
const answeredKey = (startedAt: string) => `reality-check:${startedAt}`;

function answered(startedAt: string): number {
  try {
    return Number(sessionStorage.getItem(answeredKey(startedAt))) || 0;
  } catch {
    return 0;
  }
}

/**
 * The reality check (issue 16, item 6): every `everyMinutes` minutes after the sign-in, on whatever
 * page the player is (the lobby or an in-house game), a reminder of the time played and the net
 * result of the rounds since, with a way to stop. The figures come from /m/realityCheck when it is due.
 */
export function RealityCheck({ startedAt, everyMinutes }: { startedAt: string; everyMinutes: number }) {
  const { t } = useTranslation();
  const [due, setDue] = useState<{ nth: number; minutes: number; net: string | null } | null>(null);
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const start = Date.parse(startedAt);
    const every = everyMinutes * MINUTE;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const schedule = () => {
      const passed = Math.floor((Date.now() - start) / every);
      // A reminder that fell due on an earlier page (or while away) and was not answered: now.
      if (passed > answered(startedAt)) return void remind(passed);
      const next = Math.max(passed, answered(startedAt)) + 1;
      timer = setTimeout(() => void remind(next), Math.max(0, start + next * every - Date.now()));
    };
    const remind = async (nth: number) => {
      const minutes = Math.floor((Date.now() - start) / MINUTE);
      let net: string | null = null;
      try {
        const r = await fetch("/m/realityCheck", { headers: { Accept: "application/json" } });
        if (r.ok) net = ((await r.json()) as { net: string }).net;
      } catch {
        // Offline: the time played is still worth saying.
      }
      if (!cancelled) setDue({ nth, minutes, net });
    };
    if (!due) schedule();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [startedAt, everyMinutes, due]);

  useEffect(() => {
    if (due) keep.current?.focus();
  }, [due]);

  if (!due) return null;
  const carryOn = () => {
    try {
      sessionStorage.setItem(answeredKey(startedAt), String(due.nth));
    } catch {
      // Private mode: the reminder may come back on the next page, which errs on the safe side.
    }
    setDue(null);
  };
  const net = due.net === null ? null : BigInt(due.net);
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/70 p-6" data-testid="reality-check">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        className="w-full max-w-xs rounded-card border border-line bg-surface p-6 text-center shadow-2xl"
      >
        <div className="flex justify-center text-primary">
          <ClockIcon width={36} height={36} />
        </div>
        <h2 id={`${id}-title`} className="mt-3 text-lg font-bold">
          {t("rg.reality.title")}
        </h2>
        <div id={`${id}-body`} className="mt-2 space-y-1 text-sm">
          <p>{t("rg.reality.time", { minutes: due.minutes })}</p>
          {net !== null ? (
            <p className="font-semibold">
              {t(net < 0n ? "rg.reality.lost" : "rg.reality.won", { amount: formatPeso((net < 0n ? -net : net).toString()) })}
            </p>
          ) : null}
        </div>
        <div className="mt-6 grid gap-3">
          <button ref={keep} type="button" onClick={carryOn} className={buttonClass("secondary", "md")}>
            {t("rg.reality.keep")}
          </button>
          <Link to="/m/logout" className={buttonClass("primary", "md")}>
            {t("rg.reality.stop")}
          </Link>
          <Link to="/m/responsibleGaming" onClick={carryOn} className="text-sm text-primary underline-offset-2 hover:underline">
            {t("rg.reality.limits")}
          </Link>
        </div>
      </div>
    </div>
  );
}
