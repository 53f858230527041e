/** npm run brand:assets: redraws every brand's logo and icon from its brand file (overwrites them), and the PNG icons from that icon. */
import path from "node:path";
import { loadBrandRegistry } from "~/brand/registry.server";
import { writeBrandAssets } from "./lib/brand-assets";
import { writeBrandIcons } from "./lib/brand-icons";

const registry = await loadBrandRegistry(path.resolve("brands"), path.resolve("themes"));
for (const b of registry.brands) {
  for (const f of [...writeBrandAssets(process.cwd(), b), ...(await writeBrandIcons(process.cwd(), b))])
    console.log(path.relative(process.cwd(), f));
}
