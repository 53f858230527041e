import type { Brand } from "./schema";

/**
 * The host a request was made for: lower-cased, port stripped. X-Forwarded-Host
 * is believed only behind a proxy we run (TRUST_PROXY), or anyone could pick a brand.
 */
export function requestHost(headers: Headers, trustProxy: boolean): string {
  const forwarded = trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const raw = (forwarded || headers.get("host") || "").trim().toLowerCase();
  if (raw.startsWith("[")) {
    const end = raw.indexOf("]");
    return end === -1 ? raw : raw.slice(0, end + 1);
  }
  const colon = raw.indexOf(":");
  return colon === -1 ? raw : raw.slice(0, colon);
}

export interface BrandLookup {
  byHost: ReadonlyMap<string, Brand>;
  byId: ReadonlyMap<string, Brand>;
}

export interface ResolveOptions {
  trustProxy: boolean;
  production: boolean;
  defaultBrand: string;
}

/** Maps a request to exactly one brand, or null (a 404 page) for an unknown host in production. */
export function resolveBrand(headers: Headers, registry: BrandLookup, opts: ResolveOptions): Brand | null {
  const host = requestHost(headers, opts.trustProxy);
  const brand = registry.byHost.get(host);
  if (brand) return brand;
  if (opts.production) return null;
  return registry.byId.get(opts.defaultBrand) ?? null;
}
