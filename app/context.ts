import type { Flags } from "~/brand/flags";
import type { LanguageId } from "~/utils/languages";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import type { SessionView } from "~/domain/accounts/sessions.server";
import type { SystemStatus } from "~/domain/site/system-status.server";
import type { Services } from "~/services.server";
import type { HeaderFigures } from "~/web/header-figures.server";

/**
 * Built once per request by the server (server/app.ts) and handed to every
 * loader and action: the brand of the request and what it needs, decided in one place.
 */
export interface AppContext {
  db: Db;
  registry: BrandRegistry;
  /** null: no brand serves this host (a 404 page in production). */
  brand: Brand | null;
  flags: Flags | null;
  /** The page language: the player's cookie if the brand offers it, else the brand's default. */
  lng: LanguageId | null;
  status: SystemStatus;
  /** The site version this request saw (getSiteState): lobby caches are keyed by it ("0" without a brand). */
  siteVersion: string;
  nonce: string;
  requestId: string;
  clientIp: string;
  /** http://<address>:<port> of the socket this request came in on: how the in-house games reach the wallet API. */
  selfUrl: string;
  production: boolean;
  /** Identity cookies are Secure and __Host- prefixed (production, unless SECURE_COOKIES=0). */
  secureCookies: boolean;
  /** Signs the cookies whose content the server trusts (toasts): COOKIE_SECRET, or the one kept in DATA_DIR. */
  cookieSecret: string;
  /** The signed-in session of this brand, if any (guests included). */
  session: SessionView | null;
  /** The CSRF token every form repeats; `fresh` when the root loader must set its cookie. */
  csrf: { token: string; fresh: boolean };
  services: Services;
  /**
   * The header's figures when the server read them already for the member page cache's key (ADR
   * 0023): the root loader shows exactly these, so a kept page holds what its key says.
   */
  headerFigures?: HeaderFigures;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
