import type { Flags } from "./flags";
import type { FirebaseWebConfig } from "./schema";

export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

const FLAG_OF: Record<SocialProvider, "GOOGLELOGIN3" | "FACEBOOKLOGIN3"> = {
  google: "GOOGLELOGIN3",
  facebook: "FACEBOOKLOGIN3",
};

/**
 * Which sign-in buttons a brand shows. Both the login page and the server's CSP ask
 * this one function, so a button is never shown without the origins it needs, and
 * the policy is never widened for a brand that shows no button.
 */
export function socialProviders(
  brand: { firebase?: FirebaseWebConfig | null },
  flags: Pick<Flags, "GOOGLELOGIN3" | "FACEBOOKLOGIN3">,
): SocialProvider[] {
  if (!brand.firebase) return [];
  return SOCIAL_PROVIDERS.filter((p) => flags[FLAG_OF[p]] === true);
}
