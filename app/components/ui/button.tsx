/**
 * The pill look shared by buttons and by links that act as buttons (a real `<a>` keeps working
 * without JavaScript, so many actions here are links). Colours come from the theme only.
 */
export type ButtonVariant = "primary" | "outline" | "secondary";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "btn-primary font-bold",
  outline: "border border-primary/70 font-semibold text-primary hover:bg-primary/10",
  secondary: "border border-line font-semibold text-text hover:bg-surface-2",
};

// md and lg keep a 44 px touch target; sm is only for the crowded header row.
const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-xs",
  md: "h-11 px-4",
  lg: "h-12 px-4 text-base",
};

export function buttonClass(variant: ButtonVariant, size: ButtonSize, extra?: string): string {
  return [
    "flex items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}
