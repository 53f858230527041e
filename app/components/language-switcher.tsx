import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { CsrfInput } from "./csrf-input";
import { CheckIcon, GlobeIcon } from "~/components/ui/icons";

interface Props {
  current: string;
  languages: { id: string; label: string; tag: string }[];
}

/**
 * A plain form post (works without JavaScript): the server sets the cookie
 * and sends the player back to `redirectTo` (default: the page they are on).
 * One submit button per language; the current one is marked.
 */
export function LanguageForm({
  current,
  languages,
  redirectTo,
  className,
  children,
}: Props & { redirectTo?: string; className?: string; children?: ReactNode }) {
  const location = useLocation();
  return (
    <form method="post" action="/m/language" className={className}>
      {children}
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={redirectTo ?? location.pathname + location.search} />
      <ul>
        {languages.map((l) => (
          <li key={l.id}>
            <button
              type="submit"
              name="lng"
              value={l.id}
              aria-current={l.id === current ? "true" : undefined}
              className="flex min-h-11 w-full items-center justify-between px-4 py-2.5 text-left text-sm hover:bg-surface-2 aria-[current]:font-bold aria-[current]:text-primary"
            >
              <span lang={l.tag}>{l.label}</span>
              {l.id === current ? <CheckIcon width={16} height={16} /> : null}
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}

export function LanguageSwitcher({ current, languages }: Props) {
  const { t } = useTranslation();
  const currentLabel = languages.find((l) => l.id === current)?.label ?? current;
  return (
    <details className="group relative">
      {/* Below 360 px the globe alone (its name is in the label): a member's balance needs the room. */}
      <summary
        className="flex h-8 shrink-0 cursor-pointer list-none items-center gap-1 rounded-full border border-line/70 bg-surface-2/80 px-2 text-xs font-semibold text-text max-[360px]:px-[7px] [&::-webkit-details-marker]:hidden"
        aria-label={t("language.current", { name: currentLabel })}
      >
        <GlobeIcon width={16} height={16} />
        <span className="max-[360px]:hidden">{current.toUpperCase()}</span>
      </summary>
      <LanguageForm
        current={current}
        languages={languages}
        className="absolute right-0 z-40 mt-2 w-48 overflow-hidden rounded-card border border-line bg-surface shadow-2xl"
      >
        <p className="border-b border-line px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted">
          {t("language.choose")}
        </p>
      </LanguageForm>
    </details>
  );
}
