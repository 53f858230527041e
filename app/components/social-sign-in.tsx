import { useState, type SVGProps } from "react";
import { useTranslation } from "~/components/ui/i18n";
import type { Flags } from "~/brand/flags";
import type { PublicBrand } from "~/brand/schema";
import { socialProviders, type SocialProvider } from "~/brand/social";
import { loadFirebase, popupSignIn, socialErrorKey, type SocialErrorKey } from "./firebase-popup";

export { socialProviders, type SocialProvider };

interface Props {
  brand: Pick<PublicBrand, "id" | "firebase">;
  flags: Pick<Flags, "GOOGLELOGIN3" | "FACEBOOKLOGIN3">;
  /** Called with the Firebase ID token; the page posts it to the server, which verifies it. */
  onIdToken: (idToken: string, provider: SocialProvider) => void;
}

/**
 * Google and Facebook buttons, shown only when the brand has a Firebase config and the
 * module flag is on. Firebase is downloaded on the first tap, not with the page.
 */
export function SocialSignIn({ brand, flags, onIdToken }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<SocialErrorKey | null>(null);
  const providers = socialProviders(brand, flags);
  const config = brand.firebase;
  if (!config || providers.length === 0) return null;

  async function signIn(provider: SocialProvider) {
    if (busy || !config) return;
    setBusy(provider);
    setError(null);
    let idToken: string;
    try {
      idToken = await popupSignIn({ appName: brand.id, config, provider, language: document.documentElement.lang || undefined });
    } catch (err) {
      const key = socialErrorKey(err);
      // Closed or blocked popups are the player's doing; anything else (unauthorised domain, provider off in the console) is the operator's to see.
      if (key === "social.error.failed") console.error("social sign-in failed", err);
      setError(key);
      setBusy(null);
      return;
    }
    setBusy(null);
    onIdToken(idToken, provider);
  }

  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t("social.title")} className="flex flex-col gap-2">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            // aria-disabled rather than disabled: the tapped button keeps focus while the popup is open.
            aria-disabled={busy !== null || undefined}
            aria-busy={busy === provider || undefined}
            // The download starts as the finger lands, a little ahead of the click; browsers that
            // demand a fresh tap for popups are then more likely to still count this one.
            onPointerDown={() => void loadFirebase().catch(() => undefined)}
            onClick={() => void signIn(provider)}
            className="flex h-11 w-full items-center justify-center gap-3 rounded-full border border-line bg-surface-2 px-4 text-sm font-semibold text-text hover:bg-surface-3 aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {busy === provider ? <Spinner /> : provider === "google" ? <GoogleMark /> : <FacebookMark />}
            <span>{busy === provider ? t("social.busy") : t(provider === "google" ? "social.google" : "social.facebook")}</span>
          </button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-center text-sm text-accent">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

function Mark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

/** A one-colour "G": the theme's text colour, not Google's four (themes own every colour). */
function GoogleMark() {
  return (
    <Mark>
      <path d="M17.66 6.34A8 8 0 1 0 20 12h-8" />
    </Mark>
  );
}

/** A one-colour "f" leaving its circle at the bottom, as Facebook's mark does. */
function FacebookMark() {
  return (
    <Mark strokeWidth="1.9">
      <circle cx="12" cy="12" r="9" />
      <path d="M13 21v-10a2.5 2.5 0 0 1 2.5-2.5H17M10 13.5h6" />
    </Mark>
  );
}

function Spinner() {
  return (
    <Mark className="motion-safe:animate-spin">
      <path d="M12 4a8 8 0 1 1-8 8" />
    </Mark>
  );
}
