import type { LoaderFunctionArgs } from "@remix-run/node";
import { findImage } from "~/domain/content/images.server";
import { notFound, requireBrand } from "~/web/guards.server";

/**
 * Images published with operator content. The name is the SHA-256 of the bytes, so a URL never
 * changes meaning and may be cached for good; the type is the one found by content at publishing;
 * another brand's image is not found here.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { brand, db } = requireBrand(context);
  const image = await findImage(db, brand, params.file ?? "");
  if (!image) throw notFound();
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      // The host adds nosniff and its policy to every answer (server/security.ts).
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
