import type { Flags } from "~/brand/flags";
import type { LanguageId } from "~/brand/languages";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import type { SystemStatus } from "~/domain/system-status.server";

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
  nonce: string;
  requestId: string;
  clientIp: string;
  production: boolean;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
