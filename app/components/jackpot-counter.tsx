import { useEffect, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";

/**
 * A decorative progressive-jackpot display. The server picks `start` (whole
 * pesos) so the first render matches on both sides; in the browser it then
 * rises by ₱10,000–50,000 every 3, 4 or 5 seconds. Later `start` values (a
 * loader revalidating) are ignored so the number never jumps back. Fixed box
 * and tabular digits: nothing moves around it as the digits change.
 */
export function JackpotCounter({ start }: { start: number }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(() => Math.max(0, Math.trunc(start)));

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let timer: number;
    const schedule = () => {
      timer = window.setTimeout(
        () => {
          setAmount((a) => a + 10_000 + Math.floor(Math.random() * 40_001));
          schedule();
        },
        (3 + Math.floor(Math.random() * 3)) * 1000,
      );
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <section
      aria-labelledby="jackpot-title"
      className="mx-3 mt-4 flex h-[6.25rem] flex-col items-center justify-center overflow-hidden rounded-card border border-prize/50 bg-[radial-gradient(ellipse_at_top,var(--prize-from),var(--prize-to)_70%)] px-3 text-center [container-type:inline-size] shadow-lg shadow-black/40"
    >
      <h2 id="jackpot-title" className="h-5 text-xs leading-5 font-bold tracking-[0.2em] text-prize uppercase">
        {t("home.jackpot")}
      </h2>
      <p className="sr-only">{t("home.jackpotLabel")}</p>
      {/* Sized to the card (container units), not the window: the amount fits whatever the font's width. */}
      <p
        aria-hidden="true"
        className="mt-1 h-12 w-full overflow-hidden bg-[linear-gradient(180deg,var(--prize-shine)_0%,var(--prize)_45%,var(--prize-deep)_70%,color-mix(in_srgb,var(--prize)_55%,var(--prize-shine))_100%)] bg-clip-text [-webkit-background-clip:text] text-[clamp(1rem,8.5cqi,2.25rem)] leading-[3rem] font-black whitespace-nowrap text-transparent tabular-nums forced-colors:bg-none forced-colors:text-[CanvasText]"
      >
        {formatPeso(`${amount}00`)}
      </p>
    </section>
  );
}
