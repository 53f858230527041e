import type { ReactNode, SVGProps } from "react";
import { Icon } from "~/components/ui/icons";
import { imageLoading } from "~/components/ui/image-loading";

/**
 * Line icons for the lobby's game categories (side menu, category bars).
 * Drawn inline in the same style as icons.tsx: 24×24, currentColor, decorative.
 */
const PATHS: Record<string, ReactNode> = {
  HOME: (
    <>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V20h5v-6h4v6h5V9.5" />
    </>
  ),
  HOT: <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.7 2.3-4.9.3 1.6 1.1 2.6 2.2 2.9-.6-2.8-.3-5.5.5-8Z" />,
  // Slot machine: three reels and a lever.
  RNG: (
    <>
      <rect x="3" y="6" width="15" height="14" rx="2" />
      <path d="M6 10h9v6H6zM9 10v6M12 10v6" />
      <path d="M18 12h2V6" />
      <circle cx="20" cy="4.5" r="1.5" />
    </>
  ),
  // Dealer's playing card with a spade.
  LIVE: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M12 8c-1.5 1.8-3.5 3-3.5 4.8a1.8 1.8 0 0 0 3.5.6 1.8 1.8 0 0 0 3.5-.6C15.5 11 13.5 9.8 12 8Z" />
      <path d="M12 13.5 11 16.5h2Z" />
    </>
  ),
  FISH: (
    <>
      <path d="M3 12c3-4.5 8-6 12.5-3.5L21 5v14l-5.5-3.5C11 18 6 16.5 3 12Z" />
      <circle cx="8" cy="11" r="1" fill="currentColor" />
    </>
  ),
  // Two overlapping cards: card games between players.
  PVP: (
    <>
      <g transform="rotate(-10 8.5 13.5)">
        <rect x="3" y="6" width="11" height="15" rx="1.5" />
        <path d="M8.5 10.5 10.5 13.5 8.5 16.5 6.5 13.5Z" />
      </g>
      <path d="M12.5 4.3 18.6 3.2a1.5 1.5 0 0 1 1.7 1.2l2.2 12.6a1.5 1.5 0 0 1-1.2 1.7L16 19.6" />
    </>
  ),
  SPORTS: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m12 7.5 4 2.9-1.5 4.7h-5L8 10.4Z" />
      <path d="M12 3v4.5M16 10.4l4.3-1.4M14.5 15.1l2.7 3.7M9.5 15.1l-2.7 3.7M8 10.4 3.7 9" />
    </>
  ),
  ESPORTS: (
    <>
      <path d="M7 7h10a4 4 0 0 1 4 4v3.5a2.5 2.5 0 0 1-4.4 1.6L15 14H9l-1.6 2.1A2.5 2.5 0 0 1 3 14.5V11a4 4 0 0 1 4-4Z" />
      <path d="M8 9.5v3M6.5 11h3" />
      <circle cx="15.5" cy="10" r=".9" fill="currentColor" />
      <circle cx="17.5" cy="12" r=".9" fill="currentColor" />
    </>
  ),
  // Lottery balls.
  LOTT: (
    <>
      <circle cx="8" cy="15" r="5" />
      <circle cx="16" cy="9" r="5" />
      <path d="M7 13.5 8.5 12.5v5M15 8l1.5-1v5" />
    </>
  ),
  // Ticket on a phone screen: e-lottery.
  ELOTT: (
    <>
      <rect x="6" y="2.5" width="12" height="19" rx="2" />
      <path d="M9 7h6v7H9zM9 10.5h6" />
      <path d="M11 18.5h2" />
    </>
  ),
  COCKFIGHT: (
    <>
      <path d="M9 20h6M12 17v3" />
      <path d="M8 7c0-2 1.5-3.5 3.5-3.5 1.2 0 2 .5 2.5 1.3L16 4l-.6 2.2c.4.6.6 1.2.6 1.8 0 2-1 3-1 4 3 0 5-2 5.5-5 1 5-1.5 10-7.5 10S5.5 13 8 7Z" />
      <circle cx="11.5" cy="6.5" r=".8" fill="currentColor" />
    </>
  ),
  // Bingo card.
  BINGO: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2" />
      <path d="M3.5 9h17M9.2 9v11.5M14.8 9v11.5M3.5 14.7h17" />
      <circle cx="12" cy="11.9" r="1.3" fill="currentColor" />
      <circle cx="6.4" cy="17.6" r="1.3" fill="currentColor" />
      <circle cx="17.6" cy="17.6" r="1.3" fill="currentColor" />
    </>
  ),
};

/** Anything not listed above: a 2×2 grid of games. */
const FALLBACK = (
  <>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </>
);

export function CategoryIcon({ code, ...props }: { code: string } & SVGProps<SVGSVGElement>) {
  return <Icon {...props}>{PATHS[code] ?? FALLBACK}</Icon>;
}

/** The art router's vendor logos: white on the dark vendor menu, black everywhere else (spec §2). */
export function vendorIconUrl(vassalage: string, variant: "white" | "black"): string {
  return `/art/vendor/${encodeURIComponent(vassalage)}-${variant}.svg`;
}

/** A vendor's logo from the art router, decorative (its name is beside it), fetched as `when` says (ADR 0032). */
export function VendorLogo({
  vassalage,
  variant,
  width,
  height,
  when,
  className,
}: {
  vassalage: string;
  variant: "white" | "black";
  width: number;
  height: number;
  when: "screen" | "later";
  className: string;
}) {
  return (
    <img
      src={vendorIconUrl(vassalage, variant)}
      alt=""
      width={width}
      height={height}
      {...imageLoading(when)}
      className={className}
    />
  );
}
