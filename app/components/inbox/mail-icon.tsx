import type { SVGProps } from "react";
import { Icon } from "~/components/ui/icons";

/** The inbox's envelope. */
export const MailIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 6h16v12H4z" />
    <path d="m4 7 8 6 8-6" />
  </Icon>
);
