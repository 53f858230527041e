import { useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { createContext, useContext, useEffect, useRef, type ReactNode, type RefObject } from "react";
import { CloseIcon } from "./icons";

const FOCUSABLE = 'a[href], button:not([disabled]), summary, input:not([type="hidden"]), [tabindex]:not([tabindex="-1"])';

const SIDES = {
  left: {
    layer: "",
    panel:
      "absolute inset-y-0 left-0 flex w-[86%] max-w-xs translate-x-0 flex-col border-r border-line/70 bg-bg pt-[env(safe-area-inset-top)] shadow-2xl shadow-black/60 transition-transform duration-300 ease-out starting:-translate-x-full motion-reduce:transition-none",
  },
  bottom: {
    layer: "flex items-end justify-center",
    panel: "page-fade relative w-full max-w-screen-sm rounded-t-3xl border-t border-line bg-surface shadow-2xl",
  },
  center: {
    layer: "flex items-center justify-center p-4",
    panel:
      "page-fade relative flex max-h-[calc(100dvh-2rem)] w-full max-w-sm flex-col overflow-hidden rounded-3xl border border-line bg-surface shadow-2xl shadow-black/60",
  },
} as const;

/** Spec §2: a click on a modal's mask in its first 300 ms (the tap that opened it, landing late) is ignored. */
const MASK_GRACE_MS = 300;

interface SheetClosing {
  closeTo: string;
  closeLabel: string;
  closeRef: RefObject<HTMLAnchorElement>;
  onClose?: () => void;
}

const SheetContext = createContext<SheetClosing | null>(null);

/**
 * A panel over the page, open while the URL says so (`?panel=…`): the page renders it only then,
 * and the mask and the close link lead to `closeTo`, the same URL without that state. So it opens
 * and closes without JavaScript; with it, focus moves in, Tab stays inside, Escape closes and
 * focus goes back where it came from.
 *
 * A sheet that only JavaScript opens (a popup over the page, its state in the component) passes
 * `onClose`: the mask, the close link and Escape call it instead of following `closeTo`.
 */
export function Sheet({
  side,
  closeTo,
  closeLabel,
  onClose,
  labelledBy,
  returnFocusId,
  className,
  children,
}: {
  side: keyof typeof SIDES;
  closeTo: string;
  closeLabel: string;
  onClose?: () => void;
  /** The id of the sheet's heading, which names the dialog. */
  labelledBy: string;
  /** Where focus goes on closing, when that is not simply the element that opened it. */
  returnFocusId?: string;
  className?: string;
  /** Must include a <SheetClose />. */
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const panelRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const openedAt = useRef(0);

  useEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    openedAt.current = performance.now();
    closeRef.current?.focus({ preventScroll: true });
    return () => {
      // A link inside that navigated on has already put focus somewhere: leave it there.
      if (document.activeElement && document.activeElement !== document.body) return;
      const target = (returnFocusId ? document.getElementById(returnFocusId) : null) ?? (opener?.isConnected ? opener : null);
      target?.focus({ preventScroll: true });
    };
  }, [returnFocusId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const panel = panelRef.current;
      if (e.key === "Escape") {
        e.preventDefault();
        if (onClose) onClose();
        else navigate(closeTo, { preventScrollReset: true });
        return;
      }
      if (e.key !== "Tab" || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !panel.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate, onClose]);

  return (
    // The page behind must not scroll while the sheet is open (:has needs no script).
    <div className={`fixed inset-0 z-50 [:root:has(&)]:overflow-hidden ${SIDES[side].layer}`}>
      {/* The mask is a pointer target only, hidden from assistive technology: keyboard and screen reader users have the close link inside. */}
      <Link
        to={closeTo}
        preventScrollReset
        tabIndex={-1}
        aria-hidden="true"
        onClick={
          onClose
            ? (e) => {
                e.preventDefault();
                if (performance.now() - openedAt.current >= MASK_GRACE_MS) onClose();
              }
            : undefined
        }
        className="absolute inset-0 touch-none bg-black/70 transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none"
      />
      <section
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        className={className ? `${SIDES[side].panel} ${className}` : SIDES[side].panel}
      >
        <SheetContext.Provider value={{ closeTo, closeLabel, closeRef, onClose }}>{children}</SheetContext.Provider>
      </section>
    </div>
  );
}

/** The sheet's close link; the sheet focuses it on opening. Place it with `className`. */
export function SheetClose({ className }: { className?: string }) {
  const sheet = useContext(SheetContext);
  if (!sheet) throw new Error("<SheetClose> belongs inside a <Sheet>");
  return (
    <Link
      ref={sheet.closeRef}
      to={sheet.closeTo}
      preventScrollReset
      aria-label={sheet.closeLabel}
      onClick={
        sheet.onClose
          ? (e) => {
              e.preventDefault();
              sheet.onClose!();
            }
          : undefined
      }
      className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-text ${className ?? ""}`}
    >
      <CloseIcon width={22} height={22} />
    </Link>
  );
}
