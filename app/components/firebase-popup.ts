import type * as FirebaseApp from "firebase/app";
import type * as FirebaseAuth from "firebase/auth";
import type { FirebaseWebConfig } from "~/brand/schema";
import type { SocialProvider } from "~/brand/social";

/**
 * Browser side of Google / Facebook sign-in: Firebase opens the provider's popup and
 * hands back an ID token, which the server verifies itself. Firebase is type-imported
 * only here; the code comes by dynamic import() on first use, so the ~51 kB (gzip)
 * never weighs on a page load.
 */

export interface FirebaseModules {
  app: typeof FirebaseApp;
  auth: typeof FirebaseAuth;
}

let loading: Promise<FirebaseModules> | null = null;

export function loadFirebase(): Promise<FirebaseModules> {
  if (!loading) {
    const attempt = Promise.all([import("firebase/app"), import("firebase/auth")]).then(([app, auth]) => ({ app, auth }));
    loading = attempt;
    // A download that failed (offline, or a deploy replaced the chunk) is tried again on the next tap.
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}

const auths = new WeakMap<FirebaseModules, Map<string, FirebaseAuth.Auth>>();

async function authFor(m: FirebaseModules, appName: string, config: FirebaseWebConfig): Promise<FirebaseAuth.Auth> {
  let byName = auths.get(m);
  if (!byName) auths.set(m, (byName = new Map()));
  const known = byName.get(appName);
  if (known) return known;
  // Left by an earlier copy of this module (a hot reload): its Auth cannot be initialised twice.
  const stale = m.app.getApps().find((a) => a.name === appName);
  if (stale) await m.app.deleteApp(stale);
  const app = m.app.initializeApp(config, appName);
  // Not getAuth(): its defaults fetch Google's script at once and keep the user in IndexedDB.
  // In memory only: our own session cookie signs the player in; nothing of Firebase's stays on the phone.
  const auth = m.auth.initializeAuth(app, {
    persistence: m.auth.inMemoryPersistence,
    popupRedirectResolver: m.auth.browserPopupRedirectResolver,
  });
  byName.set(appName, auth);
  return auth;
}

function authProvider(m: FirebaseModules, which: SocialProvider): FirebaseAuth.AuthProvider {
  if (which === "google") {
    const google = new m.auth.GoogleAuthProvider();
    // Phones are shared; always let the player pick the account instead of reusing the last one silently.
    google.setCustomParameters({ prompt: "select_account" });
    return google;
  }
  const facebook = new m.auth.FacebookAuthProvider();
  facebook.addScope("email");
  return facebook;
}

/** Error codes of our own, beside Firebase's auth/… ones. */
const LOAD_FAILED = "social/load-failed";

export interface PopupSignInOptions {
  /** One Firebase app per brand, named after the brand id. */
  appName: string;
  config: FirebaseWebConfig;
  provider: SocialProvider;
  /** BCP 47 tag for the provider's popup (the page's <html lang>). */
  language?: string;
  load?: () => Promise<FirebaseModules>;
}

/** Opens the provider's popup and resolves with the Firebase ID token for our server. */
export async function popupSignIn(opts: PopupSignInOptions): Promise<string> {
  let m: FirebaseModules;
  try {
    m = await (opts.load ?? loadFirebase)();
  } catch (cause) {
    throw Object.assign(new Error("Firebase could not be loaded", { cause }), { code: LOAD_FAILED });
  }
  const auth = await authFor(m, opts.appName, opts.config);
  auth.languageCode = opts.language ?? null;
  const result = await m.auth.signInWithPopup(auth, authProvider(m, opts.provider));
  try {
    return await result.user.getIdToken();
  } finally {
    // The token is all we keep; a second tap (another account, say) then starts clean.
    await m.auth.signOut(auth).catch(() => undefined);
  }
}

export const SOCIAL_ERROR_KEYS = [
  "social.error.closed",
  "social.error.blocked",
  "social.error.network",
  "social.error.otherMethod",
  "social.error.failed",
] as const;
export type SocialErrorKey = (typeof SOCIAL_ERROR_KEYS)[number];

/** The locale key that explains a failed popup sign-in to the player. */
export function socialErrorKey(err: unknown): SocialErrorKey {
  const code = typeof err === "object" && err !== null && "code" in err ? String(err.code) : "";
  switch (code) {
    case "auth/popup-closed-by-user":
    case "auth/cancelled-popup-request":
    case "auth/user-cancelled":
      return "social.error.closed";
    case "auth/popup-blocked":
      return "social.error.blocked";
    case "auth/network-request-failed":
    case "auth/timeout":
    case LOAD_FAILED:
      return "social.error.network";
    case "auth/account-exists-with-different-credential":
      return "social.error.otherMethod";
    default:
      return "social.error.failed";
  }
}
