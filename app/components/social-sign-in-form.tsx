import { useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/components/ui/i18n";
import type { RootData } from "./root-data";
import { SocialSignIn, socialProviders } from "./social-sign-in";

/**
 * The social buttons of /m/login and /m/register: the ID token the popup
 * returns is posted to /m/login, whose action verifies it and signs in or
 * registers the player.
 */
export function SocialSignInForm({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as RootData;
  const submit = useSubmit();
  if (socialProviders(root.brand, root.flags).length === 0) return null;
  return (
    <div className="mt-5 space-y-3">
      <p className="flex items-center gap-3 text-xs text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {t("social.title")}
      </p>
      <SocialSignIn
        brand={root.brand}
        flags={root.flags}
        onIdToken={(idToken) =>
          submit(
            { intent: "firebase", idToken, csrf: root.csrf, redirectTo: redirectTo ?? "/m/home" },
            { method: "post", action: "/m/login" },
          )
        }
      />
    </div>
  );
}
