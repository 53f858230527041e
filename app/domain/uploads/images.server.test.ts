import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImage } from "./images.server";

const MB = 1024 * 1024;

async function png(width = 4, height = 3) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();
}

async function jpegWithExif() {
  return sharp({ create: { width: 6, height: 4, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-location-note" } } })
    .toBuffer();
}

/** A PNG signature and an IHDR chunk claiming the given size, and nothing to decode. */
function pngHeader(width: number, height: number) {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write("IHDR", 12, "latin1");
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 2;
  return b;
}

describe("checkImage", () => {
  it("re-encodes a PNG and answers its type and size", async () => {
    const r = await checkImage(await png(), { maxBytes: MB });
    expect(r).toMatchObject({ ok: true, contentType: "image/png", width: 4, height: 3 });
  });

  it("re-encodes a JPEG, turned upright and without its EXIF", async () => {
    const input = await jpegWithExif();
    expect(input.includes("secret-location-note")).toBe(true);
    const r = await checkImage(input, { maxBytes: MB });
    expect(r).toMatchObject({ ok: true, contentType: "image/jpeg", width: 4, height: 6 });
    if (!r.ok) return;
    expect(r.bytes.includes("secret-location-note")).toBe(false);
    expect((await sharp(r.bytes).metadata()).exif).toBeUndefined();
  });

  it("refuses a file over maxBytes before looking at it", async () => {
    const bytes = await png();
    expect(await checkImage(bytes, { maxBytes: bytes.length - 1 })).toEqual({ ok: false, reason: "too_large" });
    expect((await checkImage(bytes, { maxBytes: bytes.length })).ok).toBe(true);
  });

  it("refuses a script renamed .png, an SVG, HTML and a GIF", async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    for (const bytes of [
      Buffer.from("#!/bin/sh\nrm -rf /\n"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from("<html><body><script>alert(1)</script></body></html>"),
      gif,
      Buffer.alloc(0),
    ])
      expect(await checkImage(bytes, { maxBytes: MB })).toEqual({ ok: false, reason: "not_an_image" });
  });

  it("keeps only the pixels of a PNG with HTML after it (a polyglot)", async () => {
    const polyglot = Buffer.concat([await png(), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const r = await checkImage(polyglot, { maxBytes: MB });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.bytes.includes("<script>")).toBe(false);
    expect(r.bytes.includes("alert")).toBe(false);
  });

  it("refuses a 20000x20000 PNG header as too many pixels without decoding it", async () => {
    expect(await checkImage(pngHeader(20_000, 20_000), { maxBytes: MB })).toEqual({ ok: false, reason: "too_many_pixels" });
    expect(await checkImage(await png(10, 10), { maxBytes: MB, maxPixels: 99 })).toEqual({
      ok: false,
      reason: "too_many_pixels",
    });
  });

  it("refuses a header that claims an image whose data is broken", async () => {
    expect(await checkImage(pngHeader(10, 10), { maxBytes: MB })).toEqual({ ok: false, reason: "not_an_image" });
  });

  it("resizes when asked, covering or fitting inside", async () => {
    const cover = await checkImage(await png(300, 100), { maxBytes: MB, resizeTo: { width: 64, height: 64, fit: "cover" } });
    expect(cover).toMatchObject({ ok: true, width: 64, height: 64 });
    const inside = await checkImage(await png(300, 100), { maxBytes: MB, resizeTo: { width: 60, height: 60, fit: "inside" } });
    expect(inside).toMatchObject({ ok: true, width: 60, height: 20 });
  });
});
