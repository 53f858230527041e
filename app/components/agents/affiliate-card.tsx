import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { InviteIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * The agent's affiliate code and registration link. Both are selectable text (all there is without
 * JavaScript); with it, Copy buttons put them on the clipboard, or select the text where the
 * browser refuses (a plain-HTTP origin).
 */
export function AffiliateCard({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const linkRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"code" | "link" | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (what: "code" | "link") => {
    try {
      await navigator.clipboard.writeText(what === "code" ? code : link);
      setCopied(what);
    } catch {
      linkRef.current?.focus();
      linkRef.current?.select();
    }
  };
  return (
    <section
      aria-labelledby="affiliate-title"
      className="rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-4 shadow-xl"
      data-testid="agent-affiliate"
    >
      <div className="flex items-center gap-3">
        <span className="btn-primary flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl">
          <InviteIcon width={22} height={22} />
        </span>
        <div className="min-w-0">
          <h2 id="affiliate-title" className="text-base font-bold">
            {t("agent.affiliate.title")}
          </h2>
          <p className="text-xs text-muted">{t("agent.affiliate.note")}</p>
        </div>
      </div>
      <div className="mt-4 flex items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-muted">{t("agent.affiliate.code")}</p>
          <p className="mt-0.5 font-mono text-2xl font-bold tracking-widest text-primary select-all" data-testid="agent-code">
            {code}
          </p>
        </div>
        {hydrated ? (
          <button type="button" onClick={() => copy("code")} className={buttonClass("outline", "md", "shrink-0")}>
            {copied === "code" ? t("agent.affiliate.copied") : t("agent.affiliate.copyCode")}
          </button>
        ) : null}
      </div>
      <div className="mt-3 space-y-1">
        <label htmlFor="agent-link" className="text-xs text-muted">
          {t("agent.affiliate.link")}
        </label>
        <div className="flex gap-2">
          <input
            id="agent-link"
            ref={linkRef}
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface-2 px-3 text-sm text-text outline-none focus:border-primary"
          />
          {hydrated ? (
            <button type="button" onClick={() => copy("link")} className={buttonClass("primary", "md", "shrink-0")}>
              {copied === "link" ? t("agent.affiliate.copied") : t("agent.affiliate.copyLink")}
            </button>
          ) : null}
        </div>
      </div>
      <p role="status" className="sr-only">
        {copied ? t("agent.affiliate.copied") : null}
      </p>
    </section>
  );
}
