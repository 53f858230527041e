import { useLocation } from "@remix-run/react";
import { AuthButtons } from "./auth-buttons";
import { useTranslation } from "~/components/ui/i18n";
import { InviteIcon } from "~/components/ui/icons";
import { Sheet, SheetClose } from "./ui/sheet";

/** The referral panel of the bottom bar, opened by ?panel=invite so it works without JavaScript. */
export function InvitePanel({
  brandName,
  loggedIn,
  canRegister,
}: {
  brandName: string;
  loggedIn: boolean;
  canRegister: boolean;
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
      {loggedIn ? null : (
        <>
          <p className="mt-4 text-sm">{t("invite.loginPrompt")}</p>
          <div className="mt-5 grid grid-cols-2 gap-3">
            <AuthButtons canRegister={canRegister} size="md" />
          </div>
        </>
      )}
    </Sheet>
  );
}
