import type { LoaderFunctionArgs } from "@remix-run/node";
import { LANGUAGES } from "~/utils/languages";
import { requireBrand } from "~/web/guards.server";

/**
 * Each brand installs as its own app with its own name, colours and icon. The PNG icons are drawn
 * from the brand's icon.svg by npm run brand:new / brand:assets / brand:icons (scripts/lib/brand-icons.ts).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand } = requireBrand(context);
  const manifest = {
    id: "/m/home",
    name: brand.displayName,
    short_name: brand.displayName,
    description: brand.seo.description,
    lang: LANGUAGES[brand.languages.default].tag,
    start_url: "/m/home?source=pwa",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: brand.themeColor,
    theme_color: brand.themeColor,
    icons: [
      { src: `/brands/${brand.id}/icon-192.png`, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: `/brands/${brand.id}/icon-512.png`, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: `/brands/${brand.id}/icon-maskable-512.png`, sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: `/brands/${brand.id}/icon.svg`, sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
