import type { SVGProps } from "react";
import { Icon } from "~/components/ui/icons";
import type { ChannelId } from "./types";

/** A simple glyph per channel kind: e-wallets, QR, bank, counter. Drawn in the theme's current colour. */
export function ChannelIcon({ id, ...props }: { id: ChannelId } & SVGProps<SVGSVGElement>) {
  switch (id) {
    case "qrph":
      return (
        <Icon {...props}>
          <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2z" />
        </Icon>
      );
    case "online_banking":
      return (
        <Icon {...props}>
          <path d="M3 10 12 4l9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
        </Icon>
      );
    case "otc":
      return (
        <Icon {...props}>
          <path d="M4 9h16v11H4zM4 9l2-5h12l2 5M9 20v-6h6v6" />
        </Icon>
      );
    default:
      return (
        <Icon {...props}>
          <path d="M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM10 18h4" />
        </Icon>
      );
  }
}
