import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";

/**
 * The horizontally scrolling category menu (spec §2). Each category is a plain link (?category=),
 * so filtering works without JavaScript; the selected one is marked for screen readers too.
 */
export function CategoryMenu({ categories, selected }: { categories: string[]; selected: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("promotions.categoriesLabel")} className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none]">
      <ul className="flex w-max gap-2 pb-1">
        {categories.map((key) => {
          const active = key === selected;
          return (
            <li key={key}>
              <Link
                to={key === "all" ? "/m/activity" : `/m/activity?category=${key}`}
                aria-current={active ? "page" : undefined}
                data-category={key}
                preventScrollReset
                className={`flex h-9 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
                  active ? "border-primary bg-primary text-on-primary" : "border-line/60 bg-surface text-muted hover:text-text"
                }`}
              >
                {t(`promotions.category.${key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
