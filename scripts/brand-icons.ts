/**
 * npm run brand:icons: re-renders every brand's PNG app icons (icon-192, icon-512, icon-maskable-512,
 * apple-touch-icon) from its public/brands/<id>/icon.svg as it stands, e.g. after an operator
 * replaced icon.svg with their own art. Leaves logo.svg and icon.svg alone.
 */
import path from "node:path";
import { loadBrandRegistry } from "~/brand/registry.server";
import { writeBrandIcons } from "./lib/brand-icons";

const registry = await loadBrandRegistry(path.resolve("brands"), path.resolve("themes"));
for (const b of registry.brands) {
  try {
    for (const f of await writeBrandIcons(process.cwd(), b)) console.log(path.relative(process.cwd(), f));
  } catch (err) {
    console.error(`${b.id}: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
