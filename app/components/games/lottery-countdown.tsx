import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Time left until the draw's sales close: the server's figure, then (with JavaScript) ticking from
 * the close time; at zero the page reloads its data so the next draw takes over.
 */
export function LotteryCountdown({ closesAt, secondsLeft }: { closesAt: string; secondsLeft: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [left, setLeft] = useState(secondsLeft);
  const lastAsked = useRef(0);

  useEffect(() => {
    setLeft(secondsLeft);
    const close = Date.parse(closesAt);
    const timer = setInterval(() => setLeft(Math.max(0, Math.floor((close - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [closesAt, secondsLeft]);

  // At zero, ask for the next draw; the server may still be selling this one for a few hundred
  // milliseconds, so keep asking (every 2 s) until a draw with time left comes back.
  useEffect(() => {
    if (left > 0 || revalidator.state !== "idle") return;
    const timer = setTimeout(
      () => {
        lastAsked.current = Date.now();
        revalidator.revalidate();
      },
      Math.max(0, lastAsked.current + 2000 - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [left, revalidator, revalidator.state]);

  return (
    <p className="mt-1 flex flex-col items-center" data-testid="lottery-countdown" data-seconds={left}>
      <span className="text-[10px] font-semibold tracking-widest text-muted uppercase">{t("games.lottery.closesIn")}</span>
      <span
        className="bg-[linear-gradient(180deg,var(--prize-shine),var(--prize)_55%,var(--prize-deep))] bg-clip-text font-mono text-3xl font-black tabular-nums text-transparent"
        role="timer"
        aria-live="off"
      >
        {pad(Math.floor(left / 60))}:{pad(left % 60)}
      </span>
    </p>
  );
}
