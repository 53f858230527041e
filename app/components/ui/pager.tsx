import { buttonClass } from "./button";
import { useTranslation } from "./i18n";
import { Link } from "./link";

/**
 * Previous and next links around "Page x of y", for a list paged by its address (so it works
 * without JavaScript). Nothing when there is one page.
 */
export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1 && page <= 1) return null;
  const link = buttonClass("secondary", "md");
  return (
    <nav aria-label={t("history.pages")} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} className={link} rel="prev">
          {t("history.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-xs text-muted">{t("history.pageOf", { page, pages })}</p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          {t("history.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
