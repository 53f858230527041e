import type { ReactNode } from "react";

/** The large round icon of the status and error pages. */
export function PageIcon({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-24 w-24 items-center justify-center rounded-full bg-surface-2 text-primary shadow-[0_0_40px_var(--glow)] [&>svg]:h-12 [&>svg]:w-12">
      {children}
    </div>
  );
}
