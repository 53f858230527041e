import fs from "node:fs";
import path from "node:path";
import { brandAppIconSvg, brandLogoSvg } from "../../server/art";

/** Writes a brand's logo and app icon into public/brands/<id>/; operators may replace them with their own art. */
export function writeBrandAssets(root: string, b: { id: string; displayName: string; themeColor: string; accentColor: string }) {
  const dir = path.join(root, "public", "brands", b.id);
  fs.mkdirSync(dir, { recursive: true });
  const art = { name: b.displayName, primary: b.themeColor, accent: b.accentColor };
  fs.writeFileSync(path.join(dir, "logo.svg"), brandLogoSvg(art));
  fs.writeFileSync(path.join(dir, "icon.svg"), brandAppIconSvg(art));
  return [path.join(dir, "logo.svg"), path.join(dir, "icon.svg")];
}
