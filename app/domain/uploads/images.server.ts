import type Sharp from "sharp";

/**
 * Images people upload (promotion applications, avatars). Nothing of the upload is kept as sent:
 * the type is found by its first bytes (never the name or the declared type), the size and the
 * pixel count are checked before any decoding, and what is stored is a fresh encoding of the
 * pixels alone, so a script or page hidden after the image data (a polyglot) and EXIF data
 * (a phone's location) do not survive.
 */

export type ImageCheck =
  | { ok: true; bytes: Buffer; contentType: "image/png" | "image/jpeg"; width: number; height: number }
  | { ok: false; reason: "too_large" | "not_an_image" | "too_many_pixels" };

export interface ImageCheckOptions {
  maxBytes: number;
  /** Default 25 megapixels: more than any phone photo, far less than a decompression bomb. */
  maxPixels?: number;
  resizeTo?: { width: number; height: number; fit: "cover" | "inside" };
}

export const DEFAULT_MAX_PIXELS = 25_000_000;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Width and height from a PNG's IHDR chunk, which the format requires to come first. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || !startsWith(bytes, PNG_MAGIC)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Width and height from a JPEG's first start-of-frame marker, walking the segments without decoding. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return null;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

export async function checkImage(bytes: Uint8Array, opts: ImageCheckOptions): Promise<ImageCheck> {
  if (bytes.length > opts.maxBytes) return { ok: false, reason: "too_large" };
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const png = pngSize(bytes);
  const size = png ?? jpegSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, reason: "not_an_image" };
  if (size.width * size.height > maxPixels) return { ok: false, reason: "too_many_pixels" };
  try {
    // limitInputPixels as well: the header read above is ours, sharp's own check is the second lock.
    // Loaded on the first upload: libvips is some 20 MB of memory a server that sees none never needs.
    const sharp: typeof Sharp = (await import("sharp")).default;
    let image = sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" }).rotate();
    if (opts.resizeTo)
      image = image.resize(opts.resizeTo.width, opts.resizeTo.height, {
        fit: opts.resizeTo.fit,
        withoutEnlargement: opts.resizeTo.fit === "inside",
      });
    const out = png ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, contentType: png ? "image/png" : "image/jpeg", width: info.width, height: info.height };
  } catch {
    // A header that parses but pixels that do not: a broken or crafted file, not an image to keep.
    return { ok: false, reason: "not_an_image" };
  }
}
