import type { BrandInput } from "./schema";

/**
 * Brand files call this so that editors type-check them; validation happens at start-up. It lives
 * apart from the schema and imports only its types: the host bundles each brand file with what it
 * imports (registry.server.ts), and a brand file that imported the schema would carry its own copy
 * of zod, about 5 MB of the server's memory per brand.
 */
export function defineBrand(brand: BrandInput): BrandInput {
  return brand;
}
