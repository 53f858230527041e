import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { isSwipeBack, SWIPE_BACK_EDGE_PX, type Point } from "./swipe-back";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * The page area. A route change fades the new page in (spec §2, 300 ms; the CSS drops it for
 * reduced motion); the first page of a visit does not fade, so nothing delays its first paint.
 * A swipe from the left edge goes back one step.
 */
export function PageTransition({ className, children }: { className?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const landing = useRef(pathname);
  const navigated = useRef(false);
  // Set while rendering so the new page's first frame already carries the fade; it only ever turns on.
  if (pathname !== landing.current) navigated.current = true;
  useSwipeBack();
  return (
    <main key={pathname} className={navigated.current ? `page-fade ${className ?? ""}` : className}>
      {children}
    </main>
  );
}

function useSwipeBack() {
  const navigate = useNavigate();
  useEffect(() => {
    const reduced = window.matchMedia(REDUCED_MOTION);
    let start: Point | null = null;
    const onStart = (e: TouchEvent) => {
      start = null;
      const touch = e.touches[0];
      if (e.touches.length !== 1 || !touch || reduced.matches || touch.clientX > SWIPE_BACK_EDGE_PX) return;
      if (ownsSwipe(e.target)) return;
      start = { x: touch.clientX, y: touch.clientY };
    };
    const onEnd = (e: TouchEvent) => {
      const touch = e.changedTouches[0];
      const from = start;
      start = null;
      if (!from || !touch || !isSwipeBack(from, { x: touch.clientX, y: touch.clientY })) return;
      // The router numbers its history entries: at 0 there is no step of ours to go back to.
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx > 0) navigate(-1);
    };
    const onCancel = () => {
      start = null;
    };
    document.addEventListener("touchstart", onStart, { passive: true });
    document.addEventListener("touchend", onEnd, { passive: true });
    document.addEventListener("touchcancel", onCancel, { passive: true });
    return () => {
      document.removeEventListener("touchstart", onStart);
      document.removeEventListener("touchend", onEnd);
      document.removeEventListener("touchcancel", onCancel);
    };
  }, [navigate]);
}

/** A carousel, or a row scrolled away from its start, takes a rightward swipe as its own. */
function ownsSwipe(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) {
    if (el.hasAttribute("data-carousel") || el.scrollLeft > 0) return true;
  }
  return false;
}
