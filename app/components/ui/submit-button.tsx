import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { useTranslation } from "./i18n";
import { buttonClass, type ButtonSize } from "./button";

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  /**
   * Whether the post is under way. Left out, it is "the page is posting a form" (useNavigation),
   * which is what a plain `<Form>` needs; a fetcher form, or a page that must stay busy until the
   * next page has loaded, passes its own.
   */
  busy?: boolean;
  /** Said while busy; null keeps the label (when it names the account being used, say). */
  busyLabel?: string | null;
  size?: ButtonSize;
}

/**
 * The primary submit button of a form. While the post is under way it is disabled, so a second
 * tap cannot post twice, and says so to assistive technology with aria-busy. Without JavaScript
 * it is a plain submit button.
 */
export function SubmitButton({ busy, busyLabel, size = "lg", disabled, className, children, ...rest }: SubmitButtonProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = busy ?? navigation.state === "submitting";
  return (
    <button
      type="submit"
      {...rest}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={buttonClass("primary", size, ["w-full", className].filter(Boolean).join(" "))}
    >
      {pending && busyLabel !== null ? (busyLabel ?? t("form.pleaseWait")) : children}
    </button>
  );
}
