import { Link } from "~/components/ui/link";
import { useTranslation } from "./ui/i18n";
import { buttonClass } from "./ui/button";

/**
 * "Log in" and, when the brand takes sign-ups (REG3 and REGISTER_REE3), "Register", for a visitor.
 * A fragment, so the caller lays the pair out in its own row or grid.
 */
export function AuthButtons({ canRegister, size }: { canRegister: boolean; size: "sm" | "md" }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/m/login" className={buttonClass("outline", size, "shrink-0")}>
        {t("header.login")}
      </Link>
      {canRegister ? (
        <Link to="/m/register" className={buttonClass("primary", size, "shrink-0")}>
          {t("header.register")}
        </Link>
      ) : null}
    </>
  );
}
