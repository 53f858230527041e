import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { projectBrands } from "../../tests/setup/brands";
import { BRAND_ICON_FILES, writeBrandIcons } from "./brand-icons";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "brand-icons-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const THEME = "#123456";
const THEME_RGB = [0x12, 0x34, 0x56];

/** A brand folder holding only `svg` as its icon.svg. */
function brandWithIcon(id: string, svg: string) {
  fs.mkdirSync(path.join(root, "public", "brands", id), { recursive: true });
  fs.writeFileSync(path.join(root, "public", "brands", id, "icon.svg"), svg);
  return { id, themeColor: THEME };
}
const iconPath = (id: string, file: string) => path.join(root, "public", "brands", id, file);

/** The channel values of one pixel. */
async function pixel(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, info.channels)];
}

/** The alpha values along one row of an RGBA image. */
async function alphaRow(file: string, y: number): Promise<number[]> {
  const { data, info } = await sharp(file)
    .extract({ left: 0, top: y, width: 512, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  return Array.from({ length: info.width }, (_, x) => data[x * 4 + 3]);
}

describe("writeBrandIcons", () => {
  // A 16-unit icon: a red square in the middle of a transparent field, so upscaling a 72 dpi bitmap
  // (16 px) would smear its edges over dozens of pixels while a rasterised vector keeps them sharp.
  const small = brandWithIcon(
    "small",
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="16" height="16"><rect x="4" y="4" width="8" height="8" fill="#ff0000"/></svg>',
  );
  // An opaque full-bleed icon: shows where the maskable icon's safe zone begins.
  const full = brandWithIcon(
    "full",
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0000ff"/></svg>',
  );

  it("writes the four PNGs at their sizes and returns their paths", async () => {
    const written = await writeBrandIcons(root, small);
    expect(written.map((f) => path.basename(f)).sort()).toEqual(Object.keys(BRAND_ICON_FILES).sort());
    for (const [file, size] of Object.entries(BRAND_ICON_FILES)) {
      const meta = await sharp(iconPath("small", file)).metadata();
      expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        file,
        format: "png",
        width: size,
        height: size,
      });
    }
  });

  it("keeps the 'any' icons transparent around the art and rasterises the vector at full size", async () => {
    const file = iconPath("small", "icon-512.png");
    expect((await sharp(file).stats()).isOpaque).toBe(false);
    expect(await pixel(file, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(await pixel(file, 256, 256)).toEqual([255, 0, 0, 255]);
    const row = await alphaRow(file, 256);
    // The square spans 128..383: opaque inside, transparent outside, and no soft edge.
    expect(row.slice(128, 384).every((a) => a === 255)).toBe(true);
    expect(row.filter((a) => a > 0 && a < 255)).toHaveLength(0);
  });

  it("draws the maskable icon at 80 % on an opaque square of the theme colour", async () => {
    await writeBrandIcons(root, full);
    const file = iconPath("full", "icon-maskable-512.png");
    expect((await sharp(file).stats()).isOpaque).toBe(true);
    expect((await sharp(file).metadata()).hasAlpha).toBe(false);
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
      [45, 256],
      [466, 256],
    ])
      expect(await pixel(file, x, y), `${x},${y}`).toEqual(THEME_RGB);
    // 410 px centred: 51..460.
    for (const [x, y] of [
      [52, 256],
      [256, 256],
      [459, 256],
      [256, 52],
    ])
      expect(await pixel(file, x, y), `${x},${y}`).toEqual([0, 0, 255]);
  });

  it("flattens the apple-touch icon onto the theme colour (iOS shows transparency as black)", async () => {
    const file = iconPath("small", "apple-touch-icon.png");
    expect((await sharp(file).stats()).isOpaque).toBe(true);
    expect((await sharp(file).metadata()).hasAlpha).toBe(false);
    for (const [x, y] of [
      [0, 0],
      [179, 0],
      [0, 179],
      [179, 179],
    ])
      expect(await pixel(file, x, y), `${x},${y}`).toEqual(THEME_RGB);
    expect(await pixel(file, 90, 90)).toEqual([255, 0, 0]);
  });

  it("fits an icon that is not square into the middle of the square", async () => {
    const wide = brandWithIcon(
      "wide",
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#00ff00"/></svg>',
    );
    await writeBrandIcons(root, wide);
    const file = iconPath("wide", "icon-192.png");
    expect(await sharp(file).metadata()).toMatchObject({ width: 192, height: 192 });
    expect(await pixel(file, 96, 10)).toEqual([0, 0, 0, 0]);
    expect(await pixel(file, 96, 96)).toEqual([0, 255, 0, 255]);
  });

  it("names the missing icon.svg", async () => {
    await expect(writeBrandIcons(root, { id: "nothing", themeColor: THEME })).rejects.toThrow(
      "public/brands/nothing/icon.svg is missing",
    );
  });
});

describe("the project's brands", () => {
  it("each have their PNG app icons in public/brands/<id>/ (npm run brand:icons draws them)", async () => {
    const { brands } = await projectBrands();
    const files = fs.readdirSync("brands").filter((f) => f.endsWith(".ts"));
    expect(brands.map((b) => `${b.id}.ts`).sort()).toEqual(files.sort());
    for (const b of brands)
      for (const [file, size] of Object.entries(BRAND_ICON_FILES)) {
        const png = path.join("public", "brands", b.id, file);
        expect(fs.existsSync(png), `${png} is missing: run npm run brand:icons`).toBe(true);
        const meta = await sharp(png).metadata();
        expect({ png, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          png,
          format: "png",
          width: size,
          height: size,
        });
        if (file === "apple-touch-icon.png" || file === "icon-maskable-512.png")
          expect((await sharp(png).stats()).isOpaque, png).toBe(true);
      }
  });
});
