import type { ReactNode, SVGProps } from "react";
import { Icon } from "~/components/ui/icons";

/*
 * The download screens' icons and the pictures of the home-screen steps, drawn inline in the
 * theme's colours: no image requests, and they follow each brand. The pictures are decorative
 * (aria-hidden): each step's text says what to tap.
 */

export const HomeScreenIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M12 8.5v6M9 11.5h6" />
    <path d="M10.5 18.5h3" />
  </Icon>
);
export const AndroidIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M6 11.5a6 6 0 0 1 12 0Z" />
    <path d="M8.3 6.6 7 4.8M15.7 6.6 17 4.8" />
    <circle cx="9.6" cy="9.2" r=".6" fill="currentColor" />
    <circle cx="14.4" cy="9.2" r=".6" fill="currentColor" />
    <path d="M6 13h12v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 18v-5Z" />
  </Icon>
);
export const AppleIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M15.4 3c.1 1-.3 2-.9 2.7-.6.8-1.6 1.3-2.5 1.2-.1-.9.3-1.9.9-2.6.6-.7 1.6-1.2 2.5-1.3Z" />
    <path d="M12 8.6c.6 0 1.5-.7 2.7-.7 1.2 0 2.3.6 3 1.6-1.1.7-1.8 1.8-1.8 3.2 0 1.6.9 2.9 2.3 3.5-.6 1.6-1.8 3.8-3.3 3.8-.9 0-1.3-.6-2.4-.6s-1.6.6-2.5.6c-1.9 0-4.5-4.3-4.5-7.9 0-3 1.9-4.6 3.8-4.6 1.2 0 2 .7 2.7.7Z" />
  </Icon>
);
export const ProfileIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 2.8 19 5.5v5.6c0 4.4-3 8.3-7 9.9-4-1.6-7-5.5-7-9.9V5.5l7-2.7Z" />
    <path d="m9 11.8 2.1 2.1L15.2 9.8" />
  </Icon>
);
export const ShareGlyph = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 3.5v11M8.5 7 12 3.5 15.5 7" />
    <path d="M8.5 10.5H7A1.5 1.5 0 0 0 5.5 12v7A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5v-7a1.5 1.5 0 0 0-1.5-1.5h-1.5" />
  </Icon>
);
export const AddSquareGlyph = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <rect x="4" y="4" width="16" height="16" rx="3.5" />
    <path d="M12 8.5v7M8.5 12h7" />
  </Icon>
);
export const MenuDotsGlyph = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <circle cx="12" cy="5.5" r="1.3" fill="currentColor" />
    <circle cx="12" cy="12" r="1.3" fill="currentColor" />
    <circle cx="12" cy="18.5" r="1.3" fill="currentColor" />
  </Icon>
);
export const InstallGlyph = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M9 3.5H8A2 2 0 0 0 6 5.5v13a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-13a2 2 0 0 0-2-2h-1" />
    <path d="M12 3v9M9 9l3 3 3-3" />
  </Icon>
);
export const SafariGlyph = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m15.5 8.5-2.3 4.7-4.7 2.3 2.3-4.7 4.7-2.3Z" />
  </Icon>
);

/** A phone screen's strip, 120 × 56, that the step's pictures draw on. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 120 56" width="120" height="56" aria-hidden="true" focusable="false" className="shrink-0">
      <rect x="0.75" y="0.75" width="118.5" height="54.5" rx="10" className="fill-bg stroke-line" strokeWidth="1.5" />
      {children}
    </svg>
  );
}

/** A line of text in a drawing: a rounded bar. */
const Bar = ({ x, y, w, strong = false }: { x: number; y: number; w: number; strong?: boolean }) => (
  <rect x={x} y={y} width={w} height="4" rx="2" className={strong ? "fill-text" : "fill-muted/50"} />
);

/** The tapped control: a ring in the brand's primary colour. */
const Tap = ({ cx, cy, r = 10 }: { cx: number; cy: number; r?: number }) => (
  <circle cx={cx} cy={cy} r={r} className="fill-primary/15 stroke-primary" strokeWidth="1.5" />
);

/** A glyph placed in a drawing at (x, y), `size` wide. */
const Glyph = ({
  x,
  y,
  size,
  className,
  children,
}: {
  x: number;
  y: number;
  size: number;
  className: string;
  children: ReactNode;
}) => (
  <g transform={`translate(${x} ${y}) scale(${size / 24})`} className={className}>
    {children}
  </g>
);

const SHARE_PATHS = (
  <>
    <path
      d="M12 3.5v11M8.5 7 12 3.5 15.5 7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <path
      d="M8.5 10.5H7A1.5 1.5 0 0 0 5.5 12v7A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5v-7a1.5 1.5 0 0 0-1.5-1.5h-1.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </>
);
const ADD_PATHS = (
  <>
    <rect x="4" y="4" width="16" height="16" rx="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M12 8.5v7M8.5 12h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </>
);
const INSTALL_PATHS = (
  <>
    <path
      d="M9 3.5H8A2 2 0 0 0 6 5.5v13a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-13a2 2 0 0 0-2-2h-1"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
    <path
      d="M12 3v9M9 9l3 3 3-3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </>
);

/** Safari's toolbar with its Share button marked. */
export const SafariToolbarPicture = () => (
  <Frame>
    <rect x="10" y="10" width="100" height="12" rx="6" className="fill-surface-3" />
    <Bar x={38} y={14} w={44} />
    <path d="M20 41l-4-4 4-4M34 33l4 4-4 4" fill="none" className="stroke-muted" strokeWidth="2" strokeLinecap="round" />
    <Tap cx={60} cy={37} r={11} />
    <Glyph x={51} y={28} size={18} className="text-primary">
      {SHARE_PATHS}
    </Glyph>
    <path d="M80 32.5h8a2 2 0 0 1 2 2v6.5h-10Z" fill="none" className="stroke-muted" strokeWidth="2" />
    <rect x="97" y="31" width="10" height="10" rx="2" fill="none" className="stroke-muted" strokeWidth="2" />
  </Frame>
);

/** The Share sheet with its "Add to Home Screen" row marked. */
export const ShareSheetPicture = () => (
  <Frame>
    <rect x="10" y="8" width="100" height="17" rx="5" className="fill-surface-2" />
    <Bar x={17} y={14.5} w={40} />
    <rect x="10" y="29" width="100" height="19" rx="5" className="fill-primary/15 stroke-primary" strokeWidth="1.5" />
    <Bar x={17} y={36.5} w={56} strong />
    <Glyph x={90} y={31} size={15} className="text-primary">
      {ADD_PATHS}
    </Glyph>
  </Frame>
);

/** A home screen with the brand's new icon. */
export const HomeIconPicture = () => (
  <Frame>
    {[0, 1, 2, 3].map((i) => (
      <rect key={i} x={14 + i * 25} y="9" width="17" height="17" rx="5" className="fill-surface-3" />
    ))}
    {[0, 1, 2].map((i) => (
      <rect key={i} x={14 + i * 25} y="31" width="17" height="17" rx="5" className="fill-surface-3" />
    ))}
    <rect x="87" y="31" width="17" height="17" rx="5" className="fill-primary stroke-primary" strokeWidth="1.5" />
    <path d="m95.5 35 1.5 3.2 3.4.4-2.5 2.3.7 3.4-3.1-1.7-3.1 1.7.7-3.4-2.5-2.3 3.4-.4Z" className="fill-on-primary" />
    <circle cx="95.5" cy="39.5" r="13" fill="none" className="stroke-primary" strokeWidth="1.5" strokeDasharray="3 3" />
  </Frame>
);

/** Chrome's address bar with its menu button marked. */
export const ChromeBarPicture = () => (
  <Frame>
    <rect x="10" y="17" width="78" height="22" rx="11" className="fill-surface-3" />
    <Bar x={20} y={26} w={52} />
    <Tap cx={103} cy={28} r={11} />
    <Glyph x={94} y={19} size={18} className="text-primary">
      <circle cx="12" cy="5.5" r="1.8" fill="currentColor" />
      <circle cx="12" cy="12" r="1.8" fill="currentColor" />
      <circle cx="12" cy="18.5" r="1.8" fill="currentColor" />
    </Glyph>
  </Frame>
);

/** Chrome's menu with "Install app" marked. */
export const ChromeMenuPicture = () => (
  <Frame>
    <rect x="30" y="6" width="82" height="44" rx="6" className="fill-surface-2" />
    <Bar x={38} y={12} w={50} />
    <rect x="33" y="20" width="76" height="15" rx="4" className="fill-primary/15 stroke-primary" strokeWidth="1.5" />
    <Glyph x={37} y={21} size={13} className="text-primary">
      {INSTALL_PATHS}
    </Glyph>
    <Bar x={54} y={25.5} w={44} strong />
    <Bar x={38} y={41} w={40} />
  </Frame>
);

/** The browser's confirmation, its "Install" or "Add" button marked. */
export const ConfirmPicture = () => (
  <Frame>
    <rect x="14" y="7" width="92" height="42" rx="7" className="fill-surface-2" />
    <rect x="22" y="14" width="12" height="12" rx="3.5" className="fill-primary" />
    <Bar x={40} y={15} w={46} strong />
    <Bar x={40} y={22} w={30} />
    <rect x="44" y="33" width="26" height="10" rx="5" className="fill-surface-3" />
    <rect x="74" y="33" width="26" height="10" rx="5" className="fill-primary" />
    <circle cx="87" cy="38" r="10" fill="none" className="stroke-primary" strokeWidth="1.5" strokeDasharray="3 3" />
  </Frame>
);

/** Safari's compass: open the page there first. */
export const OpenInSafariPicture = () => (
  <Frame>
    <Tap cx={60} cy={28} r={17} />
    <Glyph x={46} y={14} size={28} className="text-primary">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="m15.5 8.5-2.3 4.7-4.7 2.3 2.3-4.7 4.7-2.3Z" fill="currentColor" />
    </Glyph>
  </Frame>
);
