import fs from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createTtlCache } from "~/utils/ttl-cache.server";
import { translatorFor } from "~/utils/translator";
import { profileFileName, webclipProfile } from "~/utils/webclip-profile.server";
import { requireBrand } from "~/web/guards.server";
import { siteOrigin } from "~/web/site-origin.server";
import { resourcesFor } from "~/web/locales.server";

// The icon drawn by npm run brand:new / brand:assets: public/ (PUBLIC_DIR, as the server serves it),
// else the copy the build made of it.
const ICON_DIRS = [process.env.PUBLIC_DIR ?? "public", path.join(process.env.BUILD_DIR ?? "build", "client")];
const icons = createTtlCache({ ttlMs: 60 * 60_000, maxEntries: 200 });

async function appleTouchIcon(brandId: string): Promise<Buffer | null> {
  for (const dir of ICON_DIRS) {
    try {
      return await fs.readFile(path.resolve(dir, "brands", brandId, "apple-touch-icon.png"));
    } catch {
      // Not in this folder: the next one, else no icon (iOS then draws one from the page).
    }
  }
  return null;
}

/**
 * The brand's iOS configuration profile (spec §2 download popup, resource MOBILECONFIG): one web
 * clip that opens the site full screen from the home screen, marked `source=webclip` so the app
 * knows where it runs (registerMethod WEBCLIP). Safari hands the file to Settings, which installs it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, lng } = requireBrand(context);
  const origin = siteOrigin(request, context);
  const { t } = translatorFor(lng, resourcesFor(lng));
  const body = webclipProfile({
    brandId: brand.id,
    displayName: brand.displayName,
    url: `${origin}/m/home?source=webclip`,
    icon: await icons.get(brand.id, () => appleTouchIcon(brand.id)),
    description: t("download.profile.description", { brand: brand.displayName }),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-apple-aspen-config",
      "Content-Disposition": `attachment; filename="${profileFileName(brand.id)}"`,
      // The clip's address is the host asked for: a shared cache must not hand it to another host.
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
