import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

/**
 * The PNG app icons drawn from a brand's icon.svg: what the web app manifest (192 and 512 "any",
 * 512 "maskable") and iOS (apple-touch-icon) ask for, as files in public/brands/<id>/.
 */
export const BRAND_ICON_FILES = {
  "icon-192.png": 192,
  "icon-512.png": 512,
  "icon-maskable-512.png": 512,
  "apple-touch-icon.png": 180,
} as const;

/** The share of a maskable icon that no mask shape cuts into (the safe zone: a centred circle of 40 % radius). */
const MASKABLE_SAFE_ZONE = 0.8;
const PNG = { compressionLevel: 9 } as const;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * The SVG drawn to fit a size×size square (transparent around it if it is not square), rasterised at
 * that size: the density makes librsvg draw the vector at the target resolution instead of
 * scaling up a 72 dpi bitmap.
 */
async function rasterise(svg: Buffer, size: number): Promise<Buffer> {
  const { width, height } = await sharp(svg).metadata();
  const longest = Math.max(width ?? size, height ?? size, 1);
  const density = Math.min(100_000, Math.max(1, (72 * size) / longest));
  return sharp(svg, { density }).resize({ width: size, height: size, fit: "contain", background: TRANSPARENT }).png().toBuffer();
}

/**
 * Renders public/brands/<id>/icon.svg into the brand's PNG icons (overwrites them): run when a brand
 * is scaffolded or its icon redrawn, never per request. Returns the paths written.
 */
export async function writeBrandIcons(root: string, b: { id: string; themeColor: string }): Promise<string[]> {
  const dir = path.join(root, "public", "brands", b.id);
  const source = path.join(dir, "icon.svg");
  if (!fs.existsSync(source))
    throw new Error(`${path.relative(root, source)} is missing; draw it with npm run brand:assets or add your own.`);
  const svg = fs.readFileSync(source);
  const written: string[] = [];
  const write = async (file: keyof typeof BRAND_ICON_FILES, image: sharp.Sharp) => {
    const out = path.join(dir, file);
    await image.png(PNG).toFile(out);
    written.push(out);
  };

  for (const file of ["icon-192.png", "icon-512.png"] as const)
    await write(file, sharp(await rasterise(svg, BRAND_ICON_FILES[file])));

  // Maskable: the icon at 80 % in the middle of a square of the theme colour, so a circle,
  // squircle or teardrop mask only ever cuts into the background.
  const canvas = BRAND_ICON_FILES["icon-maskable-512.png"];
  const inner = Math.round(canvas * MASKABLE_SAFE_ZONE);
  const masked = await sharp({ create: { width: canvas, height: canvas, channels: 4, background: b.themeColor } })
    .composite([{ input: await rasterise(svg, inner), gravity: "centre" }])
    .png()
    .toBuffer();
  await write("icon-maskable-512.png", sharp(masked).flatten({ background: b.themeColor }));

  // iOS shows transparent pixels as black: flatten onto the theme colour.
  const apple = await rasterise(svg, BRAND_ICON_FILES["apple-touch-icon.png"]);
  await write("apple-touch-icon.png", sharp(apple).flatten({ background: b.themeColor }));

  return written;
}
