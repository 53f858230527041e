import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";

/** How long a page or a form may take before the player is told the connection is slow. */
export const SLOW_AFTER_MS = 3000;

/**
 * Spec §8's 'No Internet' and 'Slow Connection': a toast while the phone is offline, and while a
 * navigation or a form has been waiting for the server longer than SLOW_AFTER_MS. Only with
 * JavaScript: without it the browser shows its own progress, and the service worker its offline page.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const [offline, setOffline] = useState(false);
  const [slow, setSlow] = useState(false);
  const waiting = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");

  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  useEffect(() => {
    setSlow(false);
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  if (!offline && !slow) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4" role="status" aria-live="polite">
      <p
        data-testid="connection-notice"
        className="flex max-w-sm items-center gap-2 rounded-full border border-accent bg-surface-3/95 px-4 py-2 text-sm shadow-xl"
      >
        <span aria-hidden className={`h-2 w-2 rounded-full ${offline ? "bg-accent" : "animate-pulse bg-primary"}`} />
        {t(offline ? "toast.noInternet" : "toast.slowConnection")}
      </p>
    </div>
  );
}
