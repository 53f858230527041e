/**
 * Vendor sorting and mapping (spec §4). The platform lists vendors by game
 * type with e-sports and cockfight books filed under SPORTS; the lobby splits
 * them out into categories of their own, right after SPORTS, and drops SPORTS
 * when nothing is left in it.
 */
export const ESPORTS_VENDORS: ReadonlySet<string> = new Set(["TF"]);
export const COCKFIGHT_VENDORS: ReadonlySet<string> = new Set(["DS88"]);
export const IN_HOUSE_VENDORS: ReadonlySet<string> = new Set(["BGS"]);

export interface VendorEntry {
  vassalage: string;
  displayName: string;
  gameCount: number;
}

/** One entry of the platform's vendor-type list. */
export interface VendorTypeEntry {
  gameCategory: string;
  vendors: VendorEntry[];
}

export type PrizeMode = "Lott" | "Elott";

export interface VendorData {
  /** Categories in menu order. */
  sorting: string[];
  mapping: Record<string, VendorEntry[]>;
  prizeMode: PrizeMode;
}

export function sortVendors(raw: readonly VendorTypeEntry[]): VendorData {
  const sorting: string[] = [];
  const mapping: Record<string, VendorEntry[]> = {};
  const add = (category: string, list: VendorEntry[]) => {
    const present = list.filter((v) => v.gameCount > 0);
    if (present.length === 0) return;
    if (!mapping[category]) {
      mapping[category] = [];
      sorting.push(category);
    }
    for (const v of present) if (!mapping[category].some((m) => m.vassalage === v.vassalage)) mapping[category].push(v);
  };
  for (const entry of raw) {
    if (entry.gameCategory !== "SPORTS") {
      add(entry.gameCategory, entry.vendors);
      continue;
    }
    add(
      "SPORTS",
      entry.vendors.filter((v) => !ESPORTS_VENDORS.has(v.vassalage) && !COCKFIGHT_VENDORS.has(v.vassalage)),
    );
    add(
      "ESPORTS",
      entry.vendors.filter((v) => ESPORTS_VENDORS.has(v.vassalage)),
    );
    add(
      "COCKFIGHT",
      entry.vendors.filter((v) => COCKFIGHT_VENDORS.has(v.vassalage)),
    );
  }
  const elott = mapping.ELOTT ?? [];
  const prizeMode: PrizeMode = elott.some((v) => v.vassalage === "TCG_LOTTO_VN" || v.vassalage === "LOTT") ? "Elott" : "Lott";
  return { sorting, mapping, prizeMode };
}

/** Spec §9: under TY, BTI and the TCG family show under the brand's own label. */
export function vendorLabel(v: Pick<VendorEntry, "vassalage" | "displayName">, lng: string, brandName: string): string {
  if (lng === "ty" && (v.vassalage === "BTI" || v.vassalage.startsWith("TCG"))) return brandName;
  return v.displayName;
}
