import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { isBuilt } from "./built-screens";

export interface Banner {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
}

/**
 * A banner as the lobby shows it: it links only to a screen that exists. One
 * that leads nowhere yet is a picture, and the lobby's own art then leaves out
 * the button it would otherwise draw on it (?cta=0, server/art/router.ts).
 */
export function shownBanner(b: Banner): Banner {
  if (isBuilt(b.linkUrl)) return b;
  const art = b.imageUrl.startsWith("/art/");
  return { ...b, linkUrl: null, imageUrl: art ? `${b.imageUrl}${b.imageUrl.includes("?") ? "&" : "?"}cta=0` : b.imageUrl };
}

/** Spec §2: autoplay 4000 ms, 600 ms transition, loop only with more than one banner (no autoplay for reduced motion). */
export const CAROUSEL = { delay: 4000, speed: 600 } as const;

/**
 * Server-rendered in Swiper's markup, so the first banner shows before (and
 * without) JavaScript; Swiper itself loads after hydration, off the critical path.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState(0);
  const shown = banners.filter((b) => !broken.has(b.id)).map(shownBanner);
  const markBroken = (id: number) => setBroken((s) => new Set(s).add(id));

  // Images that failed before hydration never fire React's onError: look for them once.
  useEffect(() => {
    root.current?.querySelectorAll<HTMLImageElement>("img[data-banner-id]").forEach((img) => {
      if (img.complete && img.naturalWidth === 0) markBroken(Number(img.dataset.bannerId));
    });
  }, []);

  const count = shown.length;
  useEffect(() => {
    const el = root.current;
    if (!el || count < 2) return;
    let swiper: { destroy: (a?: boolean, b?: boolean) => void } | undefined;
    let cancelled = false;
    // Destructured dynamic imports let the bundler keep only Swiper's core and autoplay.
    void (async () => {
      const { Swiper } = await import("swiper");
      const { Autoplay } = await import("swiper/modules");
      if (cancelled) return;
      // Banners that move on their own are motion the player asked not to see: they still swipe.
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      swiper = new Swiper(el, {
        modules: [Autoplay],
        loop: true,
        speed: still ? 0 : CAROUSEL.speed,
        autoplay: still ? false : { delay: CAROUSEL.delay, disableOnInteraction: false },
        on: { slideChange: (s) => setActive(s.realIndex) },
      });
    })();
    return () => {
      cancelled = true;
      swiper?.destroy(true, true);
    };
  }, [count]);

  if (count === 0) return null;
  return (
    <section aria-label={t("home.banners")} className="px-3 pt-3">
      <div
        ref={root}
        className="swiper overflow-hidden rounded-card shadow-lg shadow-black/40"
        data-testid="banner-carousel"
        data-loop={count > 1}
      >
        <div className="swiper-wrapper">
          {shown.map((b, i) => (
            <div className="swiper-slide" key={b.id}>
              <BannerLink banner={b}>
                <img
                  src={b.imageUrl}
                  alt={b.title}
                  width={750}
                  height={300}
                  data-banner-id={b.id}
                  loading={i === 0 ? "eager" : "lazy"}
                  // React 18 knows no fetchPriority prop; the lower-case attribute reaches the HTML as it is.
                  {...{ fetchpriority: i === 0 ? "high" : undefined }}
                  decoding="async"
                  onError={() => markBroken(b.id)}
                  className="block aspect-[5/2] w-full object-cover"
                />
              </BannerLink>
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        // Every dot keeps one box; the active one only widens its clip, so nothing around it moves.
        <div className="mt-2 flex justify-center" aria-hidden="true">
          {shown.map((b, i) => (
            <span
              key={b.id}
              className={`h-1.5 w-4 rounded-full transition-[clip-path,background-color] duration-300 ${
                i === active ? "bg-primary [clip-path:inset(0_0_round_3px)]" : "bg-muted/50 [clip-path:inset(0_5px_round_3px)]"
              }`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function BannerLink({ banner, children }: { banner: Banner; children: React.ReactNode }) {
  if (!banner.linkUrl) return <>{children}</>;
  return (
    <Link to={banner.linkUrl} className="block">
      {children}
    </Link>
  );
}
