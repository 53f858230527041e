/**
 * npm run brand:new -- <id> --host <host> --name "<Name>" [--merchant CODE] [--primary #hex] [--accent #hex] [--language en]
 * Writes brands/<id>.ts, themes/<id>.css, public/brands/<id>/{logo,icon}.svg and the PNG app icons drawn
 * from icon.svg (icon-192, icon-512, icon-maskable-512, apple-touch-icon). After a restart the
 * server validates the file, seeds the brand's demo content and serves its lobby on the host.
 */
import fs from "node:fs";
import path from "node:path";
import { isLanguageId } from "~/utils/languages";
import { loadBrandRegistry } from "~/brand/registry.server";
import { brandSchema } from "~/brand/schema";
import { parseArgs } from "./lib/admin-client";
import { writeBrandAssets } from "./lib/brand-assets";
import { writeBrandIcons } from "./lib/brand-icons";
import { themeCss } from "./lib/theme";

const root = path.resolve(process.env.BRAND_ROOT ?? ".");
const { positional, options } = parseArgs(process.argv.slice(2));
const [id] = positional;
const fail = (msg: string): never => {
  console.error(msg);
  console.error(
    'Usage: npm run brand:new -- <id> --host <host> --name "<Name>" [--merchant CODE] [--primary #hex] [--accent #hex] [--language en]',
  );
  process.exit(1);
};

if (!id || !options.host || !options.name) fail("Missing <id>, --host or --name.");
const palettes = [
  ["#1a0b2e", "#c77dff"],
  ["#0b2414", "#3ddc84"],
  ["#2a0a0a", "#ff6b4a"],
  ["#0a1a2a", "#4ad7ff"],
  ["#1f1405", "#ffb703"],
];
const hash = [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
const [primary, accent] = [
  options.primary ?? palettes[hash % palettes.length][0],
  options.accent ?? palettes[hash % palettes.length][1],
];
const language = options.language ?? "en";
if (!isLanguageId(language)) fail(`Unknown language "${language}".`);

const brand = {
  id,
  merchantCode: (options.merchant ?? id.replace(/-/g, "_")).toUpperCase(),
  displayName: options.name,
  hosts: [options.host.toLowerCase()],
  theme: id,
  themeColor: primary,
  accentColor: accent,
  languages: { default: language, enabled: [...new Set([language, "en", "tl", "zh"])] },
  currency: "PHP",
  minimumAge: 21,
  categories: ["RNG", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "LOTT", "ELOTT", "BINGO"],
  flags: {},
  // The sandbox gateway until the operator configures a real one (see brands/lucky-peso.ts).
  payments: {
    depositGateway: "sandbox",
    channels: [
      { id: "gcash", minCentavos: 100_00, maxCentavos: 50_000_00, quickAmountsCentavos: [100_00, 500_00, 1_000_00, 5_000_00] },
      { id: "maya", minCentavos: 100_00, maxCentavos: 50_000_00, quickAmountsCentavos: [100_00, 500_00, 1_000_00, 5_000_00] },
    ],
    withdrawal: { minCentavos: 200_00, maxCentavos: 50_000_00, dailyCount: 3, methods: ["gcash", "maya", "bank"] },
  },
  seo: {
    title: `${options.name} – Online casino in the Philippines`.slice(0, 70),
    description: `Play slots, fishing, live casino and sports betting in pesos at ${options.name}. 21+ only.`.slice(0, 200),
  },
};

const parsed = brandSchema.safeParse(brand);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  fail(`Invalid brand: ${issue.path.join(".")}: ${issue.message}`);
}

const brandFile = path.join(root, "brands", `${id}.ts`);
const themeFile = path.join(root, "themes", `${id}.css`);
for (const f of [brandFile, themeFile])
  if (fs.existsSync(f)) fail(`${path.relative(root, f)} already exists; choose another id.`);
const existing = await loadBrandRegistry(path.join(root, "brands"), path.join(root, "themes"));
if (existing.byHost.has(brand.hosts[0]))
  fail(`Host ${brand.hosts[0]} is already served by ${existing.byHost.get(brand.hosts[0])!.id}.`);
if (existing.brands.some((b) => b.merchantCode === brand.merchantCode))
  fail(`Merchant code ${brand.merchantCode} is already used.`);

fs.writeFileSync(
  brandFile,
  `import { defineBrand } from "../app/brand/define";\n\nexport default defineBrand(${JSON.stringify(brand, null, 2)});\n`,
);
fs.writeFileSync(themeFile, themeCss(options.name, primary, accent));
const assets = [...writeBrandAssets(root, parsed.data!), ...(await writeBrandIcons(root, parsed.data!))];
console.log(`Created:\n  ${[brandFile, themeFile, ...assets].map((f) => path.relative(root, f)).join("\n  ")}`);
console.log(`Restart the server; ${options.name} is then served at http://${brand.hosts[0]}:${process.env.PORT ?? 3000}/m/home`);
