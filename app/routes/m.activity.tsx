import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { CategoryMenu } from "~/components/promotions/category-menu";
import { PromotionCard } from "~/components/promotions/promotion-card";
import { useTranslation } from "~/components/ui/i18n";
import { categoryOrder, listPromotions } from "~/domain/promotions/promotions.server";
import { categoryMenu, firstImage, inCategory, isCategoryKey } from "~/domain/promotions/rules";
import { requireBrand } from "~/web/guards.server";

/**
 * Promotions (spec §2): public, per brand and language; the loader runs again when the language
 * changes, so the list follows it. A category that is unknown or empty falls back to the first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, db, lng } = requireBrand(context);
  const [promotions, order] = await Promise.all([listPromotions(db, brand, lng), categoryOrder(db, brand)]);
  const menu = categoryMenu(promotions, order);
  const asked = new URL(request.url).searchParams.get("category") ?? "";
  const selected = isCategoryKey(asked) && menu.includes(asked) ? asked : menu[0]!;
  const cards = promotions
    .filter((p) => inCategory(p, selected))
    .map((p) => ({ id: p.id, title: p.title, image: firstImage(p.images) }));
  return data({ menu, selected, cards }, { headers: { "Cache-Control": "private, no-cache" } });
}

export default function Promotions() {
  const { menu, selected, cards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("promotions.title")} back="/m/home" backLabel={t("promotions.back")} />
      <CategoryMenu categories={menu} selected={selected} />
      {cards.length === 0 ? (
        <ContentEmpty title={t("promotions.empty")} body={t("promotions.emptyBody")} />
      ) : (
        <ul className="space-y-3">
          {cards.map((p, i) => (
            <li key={p.id}>
              <PromotionCard promotion={p} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
