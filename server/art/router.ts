import crypto from "node:crypto";
import express from "express";
import type Sharp from "sharp";
import { bannerSvg, gameIconSvg, vendorIconSvg } from "./index";
import { gameKey, planCatalogue } from "./catalogue-plan";
import type { BrandRegistry } from "~/brand/registry.server";
import { findBannerArt, findGameSeed } from "~/db/seed/catalogue";

/** A game tile's picture as the lobby loads it (ADR 0043): its SVG drawn at 1.5 times its 240 px. */
export const TILE_RASTER = { density: 108, quality: 70 } as const;

/** sharp, loaded the first time a picture is rasterised, with libvips' own operation cache off. */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (sharpModule ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

/**
 * Lobby art drawn on request from the deterministic catalogue: nothing is fetched
 * from the network and every app process answers the same bytes. A game's tile is also
 * answered as WebP, rasterised once from its SVG and kept (ADR 0043): one entry per game
 * of the catalogue at most.
 */
export function artRouter(registry: BrandRegistry) {
  const router = express.Router();
  const cache = new Map<string, Drawing<string>>();
  // Planned once per process over every brand's lobby lists: a tile's colours depend on its neighbours.
  let looks: ReturnType<typeof planCatalogue> | undefined;
  const plannedLook = (g: { vassalage: string; gameCode: string }) => {
    looks ??= planCatalogue(registry.brands.map((b) => b.categories));
    return looks.get(gameKey(g));
  };

  const send = (req: express.Request, res: express.Response, key: string, draw: () => string | undefined) => {
    let hit = cache.get(key);
    if (!hit) {
      const body = draw();
      if (body === undefined) return notFound(res);
      hit = { body, etag: etagOf(body) };
      if (cache.size > 5000) cache.clear();
      cache.set(key, hit);
    }
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    answer(req, res, hit, "image/svg+xml");
  };

  const gameSvg = (vendor: string, code: string) => {
    const g = findGameSeed(vendor, code);
    return g
      ? gameIconSvg({
          code: g.gameCode,
          name: g.gameName,
          vendor: g.vassalage,
          type: g.gameType,
          classify: g.gameClassify,
          isNew: g.isNew,
          ...plannedLook(g),
        })
      : undefined;
  };

  router.get("/art/game/:vendor/:code.svg", (req, res) => {
    const { vendor, code } = req.params;
    send(req, res, `g:${vendor}:${code}`, () => gameSvg(vendor, code));
  });

  // Rasterised once per game; requests for a tile still being drawn wait for the same drawing.
  const rasters = new Map<string, Promise<Drawing<Buffer> | undefined>>();
  const raster = (vendor: string, code: string) => {
    const key = `${vendor}:${code}`;
    let hit = rasters.get(key);
    if (!hit) {
      const svg = gameSvg(vendor, code);
      hit = svg === undefined ? Promise.resolve(undefined) : rasterise(svg);
      // Only games of the catalogue are kept; a failed drawing is tried again on the next request.
      if (svg !== undefined) rasters.set(key, hit);
      hit.catch(() => rasters.delete(key));
    }
    return hit;
  };

  router.get("/art/game/:vendor/:code.webp", (req, res, next) => {
    const { vendor, code } = req.params;
    raster(vendor, code).then((hit) => (hit ? answer(req, res, hit, "image/webp") : notFound(res)), next);
  });

  router.get("/art/vendor/:code-:variant.svg", (req, res) => {
    const { code, variant } = req.params;
    if (!/^[A-Z0-9_]{1,16}$/.test(code) || (variant !== "white" && variant !== "black")) return notFound(res);
    send(req, res, `v:${code}:${variant}`, () => vendorIconSvg(code, variant));
  });

  router.get("/art/:kind(banner|promo)/:brand/:key.svg", (req, res) => {
    const { kind, brand: brandId, key } = req.params as { kind: "banner" | "promo"; brand: string; key: string };
    const brand = registry.byId.get(brandId);
    // ?cta=0: the lobby shows a banner whose screen is not built yet without its button.
    const plain = req.query.cta === "0";
    send(req, res, `${kind}:${brandId}:${key}${plain ? ":plain" : ""}`, () => {
      if (!brand) return undefined;
      const art = findBannerArt(brand, kind, key);
      return art
        ? bannerSvg({
            ...art,
            cta: plain ? null : art.cta,
            brandName: brand.displayName,
            primary: brand.themeColor,
            accent: brand.accentColor,
          })
        : undefined;
    });
  });

  return router;
}

interface Drawing<Body extends string | Buffer> {
  body: Body;
  etag: string;
}

const etagOf = (body: string | Buffer) => `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

function notFound(res: express.Response) {
  res.status(404).type("text/plain").send("Not found");
}

/** A drawing, kept by browsers for a day and answered 304 when they hold it already. */
function answer(req: express.Request, res: express.Response, hit: Drawing<string | Buffer>, type: string) {
  res.setHeader("Cache-Control", "public, max-age=86400");
  res.setHeader("ETag", hit.etag);
  if (req.get("if-none-match") === hit.etag) {
    res.status(304).end();
    return;
  }
  res.type(type).send(hit.body);
}

async function rasterise(svg: string): Promise<Drawing<Buffer>> {
  const sharp = await loadSharp();
  const body = await sharp(Buffer.from(svg), { density: TILE_RASTER.density }).webp({ quality: TILE_RASTER.quality }).toBuffer();
  return { body, etag: etagOf(body) };
}
