// Public surface of the generated-art package; internals (motifs, helpers) stay private.

export { bannerSvg, type BannerInput } from "./banner";
export { brandAppIconSvg, brandLogoSvg, brandMonogram, type BrandArtInput } from "./brand-logo";
export { gameIconSvg, gamePaletteIndex, type GameIconInput } from "./game-icon";
export { escapeXml, hashString } from "./svg";
export { vendorIconSvg, type VendorIconVariant } from "./vendor-icon";
