import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/components/ui/i18n";
import { UserIcon } from "~/components/ui/icons";

/**
 * What a trial (guest) player gets on a member-only screen (member centre, deposit, withdraw):
 * the spec's free_reject prompt, with a way to a real account.
 */
export function GuestPrompt() {
  const { t } = useTranslation();
  return (
    <Dialog
      icon={<UserIcon width={36} height={36} />}
      title={t("errors.free_reject")}
      cancel={{ to: "/m/home", label: t("logout.cancel") }}
    >
      <Link to="/m/register" className={buttonClass("primary", "md")}>
        {t("member.registerNow")}
      </Link>
    </Dialog>
  );
}
