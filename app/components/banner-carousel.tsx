import { Link } from "~/components/ui/link";
import { imageLoading } from "~/components/ui/image-loading";
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

/** The eased position of a move between slides, p from 0 to 1. */
const easeInOut = (p: number) => (p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2);

/**
 * A strip of banners that scrolls sideways with snap points, so it swipes natively before (and
 * without) JavaScript; after hydration a few lines move it on every CAROUSEL.delay (ADR 0020). With
 * more than one banner, a copy of the first follows the last: the strip moves onto it and then
 * stands on the first again, so it loops forward without running back through every banner.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState(0);
  // Unset until the strip is wired up after hydration: "on", or "off" for reduced motion.
  const [autoplay, setAutoplay] = useState<"on" | "off">();
  const shown = banners.filter((b) => !broken.has(b.id)).map(shownBanner);
  const markBroken = (id: number) => setBroken((s) => new Set(s).add(id));

  // Images that failed before hydration never fire React's onError: look for them once.
  useEffect(() => {
    track.current?.querySelectorAll<HTMLImageElement>("img[data-banner-id]").forEach((img) => {
      if (img.complete && img.naturalWidth === 0) markBroken(Number(img.dataset.bannerId));
    });
  }, []);

  const count = shown.length;
  useEffect(() => {
    const el = track.current;
    if (!el || count < 2) return;
    const slide = () => el.clientWidth || 1;
    const at = () => Math.round(el.scrollLeft / slide());
    // On the copy of the first banner, stand on the first itself.
    const settle = () => {
      if (at() >= count) el.scrollLeft -= count * slide();
      setActive(at() % count);
    };
    let timer: number | undefined;
    let frame: number | undefined;
    let holding = false;
    // Banners that move on their own are motion the player asked not to see: they still swipe.
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const schedule = () => {
      window.clearTimeout(timer);
      if (!still) timer = window.setTimeout(advance, CAROUSEL.delay);
    };
    const advance = () => {
      if (holding || document.hidden) return schedule();
      const from = el.scrollLeft;
      const to = (at() + 1) * slide();
      const start = performance.now();
      // Snap points would pull every step of the move back to a banner: off while it moves.
      el.style.scrollSnapType = "none";
      const step = (now: number) => {
        const p = Math.min(1, (now - start) / CAROUSEL.speed);
        el.scrollLeft = from + (to - from) * easeInOut(p);
        if (p < 1) {
          frame = requestAnimationFrame(step);
          return;
        }
        el.style.scrollSnapType = "";
        frame = undefined;
        settle();
        schedule();
      };
      frame = requestAnimationFrame(step);
    };
    const onScroll = () => setActive(at() % count);
    let idle: number | undefined;
    // A swipe ends when the scrolling stops (scrollend where the browser has it).
    const onScrolled = () => {
      window.clearTimeout(idle);
      idle = window.setTimeout(() => {
        if (frame === undefined && !holding) settle();
      }, 120);
    };
    const hold = () => {
      holding = true;
      if (frame !== undefined) {
        cancelAnimationFrame(frame);
        frame = undefined;
        el.style.scrollSnapType = "";
      }
    };
    const release = () => {
      holding = false;
      onScrolled();
      schedule();
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("scroll", onScrolled, { passive: true });
    el.addEventListener("pointerdown", hold, { passive: true });
    el.addEventListener("touchstart", hold, { passive: true });
    for (const type of ["pointerup", "pointercancel", "touchend", "touchcancel"])
      el.addEventListener(type, release, { passive: true });
    schedule();
    setAutoplay(still ? "off" : "on");
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(idle);
      if (frame !== undefined) cancelAnimationFrame(frame);
      el.style.scrollSnapType = "";
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("scroll", onScrolled);
      el.removeEventListener("pointerdown", hold);
      el.removeEventListener("touchstart", hold);
      for (const type of ["pointerup", "pointercancel", "touchend", "touchcancel"]) el.removeEventListener(type, release);
    };
  }, [count]);

  if (count === 0) return null;
  const first = shown[0]!;
  return (
    <section aria-label={t("home.banners")} className="px-3 pt-3">
      <div
        ref={track}
        className="no-scrollbar flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-card shadow-lg shadow-black/40"
        data-testid="banner-carousel"
        data-carousel=""
        data-loop={count > 1}
        data-active={active}
        data-autoplay={autoplay}
      >
        {shown.map((b, i) => (
          <div className="w-full shrink-0 snap-start snap-always" key={b.id} data-slide={i}>
            <BannerLink banner={b}>
              <img
                src={b.imageUrl}
                alt={b.title}
                width={750}
                height={300}
                data-banner-id={b.id}
                {...imageLoading(i === 0 ? "main" : "later")}
                decoding="async"
                onError={() => markBroken(b.id)}
                className="block aspect-[5/2] w-full object-cover"
              />
            </BannerLink>
          </div>
        ))}
        {count > 1 ? (
          // The copy the strip loops over: a picture only, out of reach of readers and keyboards.
          <div className="w-full shrink-0 snap-start snap-always" aria-hidden="true" data-slide="copy">
            <img
              src={first.imageUrl}
              alt=""
              width={750}
              height={300}
              {...imageLoading("later")}
              decoding="async"
              className="block aspect-[5/2] w-full object-cover"
            />
          </div>
        ) : null}
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
