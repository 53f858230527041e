import { useEffect, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";

interface Answer {
  username: string;
  available: boolean | null;
  message?: string;
}

/** The check waits for typing to pause, so it asks once per name rather than once per key. */
export const CHECK_DELAY_MS = 500;

/**
 * Registration's live "is this username free?" hint, asked of /m/check-username
 * once typing pauses. A request of its own, not a router fetcher: the router
 * cuts a fetcher's load short when a form navigation starts (the sign-up post
 * itself, pressed right after typing), and a load cut off while its answer was
 * arriving surfaced on the page as "AbortError: signal is aborted without
 * reason". This request is cancelled only here, where the cancellation is caught.
 */
export function UsernameAvailability({ value }: { value: string }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (value.length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/m/check-username?username=${encodeURIComponent(value)}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        // A refusal (too many checks from this address) answers in JSON too, with its own words.
        const { available, message } = (await res.json()) as Omit<Answer, "username">;
        setAnswer({ username: value, available: res.ok ? available : null, message });
      } catch {
        // Newer typing or leaving the page cancelled it, or the network failed: the hint is only a courtesy.
      }
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);
  if (answer?.username !== value) return null;
  if (answer.message) return <span className="text-xs font-medium text-muted">{answer.message}</span>;
  if (answer.available === null) return null;
  return answer.available ? (
    <span className="text-xs font-medium text-primary">{t("register.usernameAvailable")}</span>
  ) : (
    <span className="text-xs font-medium text-danger">{t("errors.username_exists")}</span>
  );
}
