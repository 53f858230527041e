import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AuthButtons } from "./auth-buttons";
import { useTranslation } from "~/components/ui/i18n";
import { InviteIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { buttonClass } from "./ui/button";
import { Sheet, SheetClose } from "./ui/sheet";
import { useHydrated } from "./ui/use-hydrated";
import type { RootData } from "./root-data";

type Invite = NonNullable<NonNullable<RootData["member"]>["invite"]>;

/**
 * The member's link and code as selectable text (all there is without JavaScript), with a Copy
 * button and, where the browser has the Web Share API, a Share button.
 */
function InviteShare({ invite, brandName }: { invite: Invite; brandName: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const linkRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const canShare = hydrated && typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.link);
      setCopied(true);
    } catch {
      // No clipboard here (a plain-HTTP origin, a refused permission): the link is selected for a manual copy.
      linkRef.current?.focus();
      linkRef.current?.select();
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t("invite.title"), text: t("invite.shareText", { name: brandName }), url: invite.link });
    } catch (err) {
      // Closing the share sheet rejects with AbortError; any other refusal falls back to copying.
      if (!(err instanceof DOMException && err.name === "AbortError")) await copy();
    }
  };
  return (
    <div className="mt-5 space-y-4">
      {/* Drawn on our server from the same link; the white plate is the contrast a camera needs. */}
      <figure className="flex flex-col items-center gap-2">
        <img
          src="/m/inviteQr.svg"
          alt={t("invite.qrAlt")}
          width={176}
          height={176}
          className="h-44 w-44 rounded-xl bg-white p-1 shadow-lg shadow-black/40"
        />
        <figcaption className="text-xs text-muted">{t("invite.qrCaption")}</figcaption>
      </figure>
      <div className="space-y-1">
        <label htmlFor="invite-link" className="text-xs text-muted">
          {t("invite.link")}
        </label>
        <input
          id="invite-link"
          ref={linkRef}
          readOnly
          value={invite.link}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-sm text-text outline-none focus:border-primary"
        />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-muted">{t("member.inviteCode")}</dt>
          <dd className="mt-1 font-mono text-lg font-bold tracking-widest select-all">{invite.code}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("invite.referred")}</dt>
          <dd className="mt-1 text-lg font-bold" data-testid="invite-referred">
            {invite.referred}
          </dd>
        </div>
      </dl>
      {hydrated ? (
        <div className={canShare ? "grid grid-cols-2 gap-3" : "grid"}>
          <button type="button" onClick={copy} className={buttonClass("outline", "md")}>
            {t("invite.copy")}
          </button>
          {canShare ? (
            <button type="button" onClick={share} className={buttonClass("primary", "md")}>
              {t("invite.share")}
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="min-h-5 text-sm font-medium text-primary">
        {copied ? t("invite.copied") : null}
      </p>
    </div>
  );
}

/** The referral panel of the bottom bar, opened by ?panel=invite so it works without JavaScript. */
export function InvitePanel({
  brandName,
  member,
  canRegister,
  agentCentre,
}: {
  brandName: string;
  member: RootData["member"];
  canRegister: boolean;
  /** Affiliate management is on: an agent's code and link are on the agent centre. */
  agentCentre: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Sheet
      side="bottom"
      closeTo={pathname}
      closeLabel={t("invite.close")}
      labelledBy="invite-title"
      className="px-6 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))]"
    >
      <SheetClose className="absolute top-3 right-3" />
      <div className="btn-primary mb-4 flex h-14 w-14 items-center justify-center rounded-2xl">
        <InviteIcon width={28} height={28} />
      </div>
      <h2 id="invite-title" className="text-xl font-bold">
        {t("invite.title")}
      </h2>
      <p className="mt-2 text-sm text-muted">{t("invite.body", { name: brandName })}</p>
      {member === null ? (
        <>
          <p className="mt-4 text-sm">{t("invite.loginPrompt")}</p>
          <div className="mt-5 grid grid-cols-2 gap-3">
            <AuthButtons canRegister={canRegister} size="md" />
          </div>
        </>
      ) : member.invite ? (
        <InviteShare invite={member.invite} brandName={brandName} />
      ) : member.agent && agentCentre ? (
        // An agent invites with its affiliate link, which the agent centre shows with the team it brings.
        <div className="mt-4 space-y-4" data-testid="invite-agent-centre">
          <p className="text-sm">{t("invite.agentCentre")}</p>
          <Link to="/m/agent/home" className={buttonClass("primary", "md", "w-full")}>
            {t("titles.agentHome")}
          </Link>
        </div>
      ) : (
        // Trial players and agents have no referral entry (spec §6), nor does a brand with AFFMAN3 off.
        <p className="mt-4 text-sm">{t(member.guest ? "errors.free_reject" : "errors.no_permission")}</p>
      )}
    </Sheet>
  );
}
