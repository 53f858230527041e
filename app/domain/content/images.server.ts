import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { contentImages } from "~/db/schema";
import { CONTENT_IMAGE_PATH } from "./sanitise.server";

/** A published image may be this large: banners and promotion art, not photographs at print size. */
export const MAX_CONTENT_IMAGE_BYTES = 2 * 1024 * 1024;

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/**
 * The image type by content, never by name: a script or a page renamed .png is refused here, and
 * the type served later is the one found here.
 */
export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export class ImageRejectedError extends Error {}

/** Checks one image and answers the row to store and the URL it will be served at. */
export function prepareImage(bytes: Buffer): { sha256: string; extension: ImageExtension; url: string } {
  if (bytes.length === 0) throw new ImageRejectedError("the image file is empty");
  if (bytes.length > MAX_CONTENT_IMAGE_BYTES)
    throw new ImageRejectedError(`the image is ${bytes.length} bytes; at most ${MAX_CONTENT_IMAGE_BYTES} are accepted`);
  const extension = sniffImage(bytes);
  if (!extension) throw new ImageRejectedError("the file is not a PNG, JPEG, WebP or GIF image (checked by its content)");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { sha256, extension, url: `${CONTENT_IMAGE_PATH}${sha256}.${extension}` };
}

/** Stores an image once per brand (the same bytes twice are one row). */
export async function storeImage(db: Db, brand: Brand, bytes: Buffer): Promise<string> {
  const image = prepareImage(bytes);
  await db
    .insert(contentImages)
    .values({ merchantCode: brand.merchantCode, sha256: image.sha256, contentType: IMAGE_TYPES[image.extension], bytes })
    .onConflictDoNothing();
  return image.url;
}

/** A brand's stored image by its URL's file name ("<sha256>.<ext>"); another brand's is not found. */
export async function findImage(db: Db, brand: Brand, file: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const m = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/.exec(file);
  if (!m) return null;
  const [row] = await db
    .select({ contentType: contentImages.contentType, bytes: contentImages.bytes })
    .from(contentImages)
    .where(and(eq(contentImages.merchantCode, brand.merchantCode), eq(contentImages.sha256, m[1])));
  if (!row || row.contentType !== IMAGE_TYPES[m[2] as ImageExtension]) return null;
  return row;
}
