import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "./i18n";
import { CloseIcon, InviteIcon } from "./icons";

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
    <div className="fixed inset-0 z-40 flex items-end justify-center">
      <Link to={pathname} preventScrollReset aria-label={t("invite.close")} className="absolute inset-0 bg-black/60" />
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="invite-title"
        className="page-fade relative w-full max-w-screen-sm rounded-t-3xl border-t border-line bg-surface px-6 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] shadow-2xl"
      >
        <Link
          to={pathname}
          preventScrollReset
          aria-label={t("invite.close")}
          className="absolute top-4 right-4 rounded-full p-2 text-muted hover:bg-surface-2"
        >
          <CloseIcon width={20} height={20} />
        </Link>
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
              <Link
                to="/m/login"
                className="flex h-11 items-center justify-center rounded-full border border-primary font-semibold text-primary"
              >
                {t("header.login")}
              </Link>
              {canRegister ? (
                <Link to="/m/register" className="btn-primary flex h-11 items-center justify-center rounded-full font-bold">
                  {t("header.register")}
                </Link>
              ) : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
