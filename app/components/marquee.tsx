import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { SpeakerIcon } from "~/components/ui/icons";

/** The announcement ticker; scrolling is CSS only and stops for reduced motion. */
export function Marquee({ items }: { items: { id: number; title: string; date: string }[] }) {
  const { t } = useTranslation();
  const text = items.map((i) => `[${i.date}] ${i.title}`).join("   •   ");
  // About 60 px per second whatever the length: long lists scroll no faster than short ones.
  const seconds = Math.max(12, Math.round((text.length * 7) / 60));
  return (
    <section
      aria-label={t("marquee.label")}
      className="shown-whole flex h-9 items-center gap-2 overflow-hidden border-b border-line/50 bg-surface/90 px-3 text-xs text-muted"
    >
      <SpeakerIcon width={16} height={16} className="shrink-0 text-primary" />
      <div className="relative min-w-0 flex-1 overflow-hidden">
        {items.length === 0 ? (
          <p className="truncate">{t("marquee.empty")}</p>
        ) : (
          <p className="marquee-track" style={{ ["--marquee-duration" as string]: `${seconds}s` }}>
            {text}
          </p>
        )}
      </div>
      {/* The ticker's titles in full, for anyone who cannot read them as they pass. */}
      <Link
        to="/m/notice"
        aria-label={t("notice.backToList")}
        className="shrink-0 font-semibold text-primary underline-offset-2 hover:underline"
      >
        {t("notice.more")}
      </Link>
      {/* Parsed last: the ticker is shown from here on, its track sized by the link beside it (shown-whole). */}
      <span className="shown-whole-end" hidden />
    </section>
  );
}
