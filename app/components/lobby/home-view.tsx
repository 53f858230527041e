import { Link } from "~/components/ui/link";
import { imageLoading } from "~/components/ui/image-loading";
import { useTranslation } from "~/components/ui/i18n";
import { HOME_CATEGORY, moreHref } from "~/web/lobby-state";
import { shownBanner } from "../banner-carousel";
import { CategoryIcon, VendorLogo } from "../category-icons";
import { FireIcon, HeartIcon } from "~/components/ui/icons";
import { deferred } from "~/components/ui/deferred";
import { GameRow, homeSectionClass } from "./game-row";
import type { HomeSectionView, HomeView } from "./types";

const HomeCategoryScreen = deferred("home-category-screen", () =>
  import("./home-category-screen").then((m) => m.HomeCategoryScreen),
);

/** The home game menu: Home, HOT, then the categories of vendor sorting, down the left side. */
export function CategoryRail({ categories, active }: { categories: string[]; active: string }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("lobby.categories")}
      className="sticky top-16 w-[4.25rem] shrink-0 self-start lg:top-[7.5rem]"
      data-testid="category-rail"
    >
      <ul className="flex flex-col gap-1.5 rounded-r-2xl border border-l-0 border-line/60 bg-surface/90 py-2 shadow-lg shadow-black/30">
        {categories.map((c) => {
          const on = c === active;
          return (
            <li key={c}>
              <Link
                to={c === HOME_CATEGORY ? "/m/home" : `/m/home?category=${c}`}
                preventScrollReset
                aria-current={on ? "true" : undefined}
                data-category={c}
                className={`mx-1.5 flex flex-col items-center gap-0.5 rounded-xl px-0.5 py-1.5 text-center text-[10px] leading-tight font-semibold transition ${
                  on ? "btn-primary shadow" : "text-muted hover:text-text"
                }`}
              >
                <CategoryIcon code={c} width={22} height={22} />
                <span className="line-clamp-2">{t(`category.${c}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function HomeCategoryView({ d }: { d: HomeView }) {
  return d.screen === "menus" ? <HomeSections d={d} /> : <HomeCategoryScreen d={d} />;
}

type Section = HomeSectionView;
type RowSection = Extract<Section, { kind: "favourites" | "hot" | "games" }>;

/**
 * Sections from this one on are well below the first screen on any width: laid out and painted only
 * when they come near it (ADR 0029). The first ones may show on a tall or wide screen, where a first
 * guess of their height would move what is under them.
 */
const FIRST_OFFSCREEN_SECTION = 2;

/** The home game sections in the spec's order (app/domain/catalogue/home-sections.ts decides which). */
function HomeSections({ d }: { d: HomeView }) {
  return (
    <div data-testid="home-sections">
      {d.sections.map((s, i) => {
        const offscreen = i >= FIRST_OFFSCREEN_SECTION;
        switch (s.kind) {
          case "banners":
            return <BannerPair key={s.key} banners={s.banners} offscreen={offscreen} />;
          case "vendors":
            return (
              <SectionVendors key={s.key} category={s.category} vendors={s.vendors} sectionKey={s.key} offscreen={offscreen} />
            );
          default:
            return <SectionRow key={s.key} s={s} d={d} offscreen={offscreen} />;
        }
      })}
    </div>
  );
}

/** A row of game tiles: favourites, hot games, a vendor's slots or a category. */
function SectionRow({ s, d, offscreen }: { s: RowSection; d: HomeView; offscreen: boolean }) {
  const { t } = useTranslation();
  const icon = { width: 18, height: 18 };
  let id: string, title: string, badge: React.ReactNode;
  if (s.kind === "favourites") {
    [id, title, badge] = ["favourites", t("home.favourites"), <HeartIcon {...icon} className="text-danger" />];
  } else if (s.kind === "hot") {
    [id, title, badge] = ["hot", t("home.hotGames"), <FireIcon {...icon} className="text-accent" />];
  } else if (s.vassalage) {
    const vendor = d.vendors.find((v) => v.vassalage === s.vassalage)?.label ?? s.vassalage;
    id = sectionId(s.key);
    title = t("home.vendorSlots", { vendor });
    badge = <VendorLogo vassalage={s.vassalage} variant="white" width={50} height={20} when="screen" className="h-5 w-[50px]" />;
  } else {
    id = sectionId(s.key);
    title = t(`category.${s.category}`);
    badge = <CategoryIcon code={s.category} {...icon} className="text-primary" />;
  }
  return (
    <GameRow
      id={id}
      title={title}
      icon={badge}
      games={s.games}
      rows={s.rows}
      moreHref={moreHref(s)}
      eager={s.kind === "hot"}
      offscreen={offscreen}
    />
  );
}

const sectionId = (key: string) => key.replace(/:/g, "-").toLowerCase();

/** The promotion banners between favourites and hot games, two to a row. */
function BannerPair({ banners, offscreen }: { banners: Extract<Section, { kind: "banners" }>["banners"]; offscreen: boolean }) {
  const { t } = useTranslation();
  if (banners.length === 0) return null;
  return (
    <section
      className={homeSectionClass(offscreen)}
      data-testid="home-section"
      data-section="banners"
      aria-label={t("home.morePromotions")}
    >
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {banners.map(shownBanner).map((b) => {
          const img = (
            <img
              src={b.imageUrl}
              alt={b.title}
              width={750}
              height={300}
              {...imageLoading("later")}
              className="block aspect-[5/2] w-full object-cover"
            />
          );
          const frame = "block overflow-hidden rounded-card ring-1 ring-line/40";
          return b.linkUrl ? (
            <Link key={b.id} to={b.linkUrl} className={frame}>
              {img}
            </Link>
          ) : (
            <div key={b.id} className={frame}>
              {img}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The vendor picker closing the home page (slot vendors), or the sportsbooks of a sports row. */
function SectionVendors({
  category,
  vendors,
  sectionKey,
  offscreen,
}: {
  category: string;
  vendors: Extract<Section, { kind: "vendors" }>["vendors"];
  sectionKey: string;
  offscreen: boolean;
}) {
  const { t } = useTranslation();
  if (vendors.length === 0) return null;
  return (
    <section
      aria-labelledby={`${sectionKey}-title`}
      className={homeSectionClass(offscreen)}
      data-testid="home-section"
      data-section={sectionId(sectionKey)}
    >
      <h2 id={`${sectionKey}-title`} className="mb-2.5 text-base font-bold">
        {t(category === "RNG" ? "home.slotVendors" : `category.${category}`)}
      </h2>
      <ul className="grid grid-cols-3 gap-2 lg:grid-cols-6">
        {vendors.map((v) => (
          <li key={v.vassalage}>
            <Link
              to={`/m/gameCenter?category=${category}&vassalage=${encodeURIComponent(v.vassalage)}`}
              className="flex flex-col items-center gap-1 rounded-card border border-line/60 bg-surface-2/80 px-1 py-2.5 text-[11px] font-semibold"
            >
              <VendorLogo vassalage={v.vassalage} variant="white" width={70} height={28} when="later" className="h-7 w-[70px]" />
              <span className="max-w-full truncate">{v.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
