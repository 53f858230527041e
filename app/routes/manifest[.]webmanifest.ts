import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBrand } from "~/web/guards.server";

/** Each brand installs as its own app with its own name, colours and icon. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand } = requireBrand(context);
  const manifest = {
    id: "/m/home",
    name: brand.displayName,
    short_name: brand.displayName,
    description: brand.seo.description,
    start_url: "/m/home?source=pwa",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: brand.themeColor,
    theme_color: brand.themeColor,
    icons: [
      { src: `/brands/${brand.id}/icon.svg`, sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: `/brands/${brand.id}/icon.svg`, sizes: "any", type: "image/svg+xml", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
