import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { HourglassIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { promptsHref } from "./prompts-href";
import { CONTRACT_PATHS, CONTRACT_TITLES, type ContractKindView } from "./types";

/**
 * The contract prompts (spec §6): one modal dialog per offer waiting, in the order given (daily
 * salary, dividend, hourly salary), each with Cancel and Go. Go opens the contract page. Cancel
 * shows the next prompt; without JavaScript it is a link to this page with `cp` naming the kinds
 * left, which the root loader answers with those prompts only (or none). Escape cancels too, and
 * Tab stays inside the dialog.
 */
export function ContractPrompts({ kinds }: { kinds: ContractKindView[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [index, setIndex] = useState(0);
  const dialog = useRef<HTMLDivElement>(null);
  const id = useId();
  const kind = kinds[index];
  useEffect(() => {
    if (kind) dialog.current?.focus();
  }, [kind]);
  if (!kind) return null;
  const rest = kinds.slice(index + 1);
  const cancel = () => setIndex((i) => i + 1);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      cancel();
      return;
    }
    if (e.key !== "Tab") return;
    const links = [...(dialog.current?.querySelectorAll<HTMLElement>("a[href]") ?? [])];
    const [first, last] = [links[0], links[links.length - 1]];
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-6" data-testid="contract-prompts">
      <div
        ref={dialog}
        key={kind}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={onKeyDown}
        data-prompt={kind}
        className="w-full max-w-xs rounded-card border border-primary/50 bg-surface p-6 text-center shadow-2xl outline-none"
      >
        <span className="btn-primary mx-auto flex h-14 w-14 items-center justify-center rounded-2xl">
          <HourglassIcon width={28} height={28} />
        </span>
        {kinds.length > 1 ? (
          <p className="mt-3 text-[11px] font-semibold tracking-wider text-primary uppercase">
            {t("agent.prompt.step", { step: index + 1, total: kinds.length })}
          </p>
        ) : null}
        <h2 id={`${id}-title`} className="mt-2 text-lg font-bold">
          {t(CONTRACT_TITLES[kind])}
        </h2>
        <p id={`${id}-body`} className="mt-2 text-sm text-muted">
          {t("agent.prompt.body")}
        </p>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Link
            to={promptsHref(pathname, search, rest)}
            replace
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              cancel();
            }}
            className={buttonClass("secondary", "md")}
            data-testid="contract-prompt-cancel"
          >
            {t("agent.prompt.cancel")}
          </Link>
          <Link to={CONTRACT_PATHS[kind]} className={buttonClass("primary", "md")} data-testid="contract-prompt-go">
            {t("agent.prompt.go")}
          </Link>
        </div>
      </div>
    </div>
  );
}
