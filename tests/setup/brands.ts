import { loadBrandRegistry, type BrandRegistry } from "../../app/brand/registry.server";

let cached: Promise<BrandRegistry> | undefined;
/** The project's real brand files, as the server loads them. */
export function projectBrands(): Promise<BrandRegistry> {
  cached ??= loadBrandRegistry("brands", "themes");
  return cached;
}
