import { createHash } from "node:crypto";

/**
 * The iOS configuration profile that puts the brand on the home screen as a web clip (spec §2
 * download popup: "iOS configuration profile", resource MOBILECONFIG): an Apple property list
 * with one com.apple.webClip.managed payload. Unsigned: iOS installs it after the player confirms
 * in Settings (it shows as "Not Verified").
 */
export interface WebclipProfileInput {
  brandId: string;
  /** The clip's label under its icon, and the profile's name in Settings. */
  displayName: string;
  /** Where the clip opens: `<origin>/m/home?source=webclip`. */
  url: string;
  /** The home-screen icon (PNG), or null to let iOS draw one from the page. */
  icon: Buffer | null;
  /** Shown in Settings under the profile's name, in the player's language. */
  description: string;
}

/** The XML text of a string: the five characters XML reserves, and no control character XML 1.0 forbids. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

// RFC 4122's URL namespace: the names below are URLs of a kind, and any fixed namespace would do.
const NAMESPACE = Buffer.from("6ba7b8119dad11d180b400c04fd430c8", "hex");

/**
 * A name-based UUID (RFC 4122 version 5, SHA-1): the same name gives the same UUID on every
 * server and every release, so a second download replaces the installed profile instead of
 * adding another clip.
 */
export function stableUuid(name: string): string {
  const hash = createHash("sha1").update(NAMESPACE).update(name, "utf8").digest();
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString("hex").toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The reverse-DNS identifiers iOS keys the profile and the clip by (brand ids are [a-z0-9-]). */
export function profileIdentifier(brandId: string): string {
  return `ph.casino.${brandId}.webclip-profile`;
}

const key = (k: string) => `<key>${k}</key>`;
const str = (v: string) => `<string>${xmlEscape(v)}</string>`;
const bool = (v: boolean) => (v ? "<true/>" : "<false/>");

/** Base64 in lines of 52 characters, as Apple's own tools write <data>. */
function dataBlock(bytes: Buffer, indent: string): string {
  const lines = bytes.toString("base64").match(/.{1,52}/g) ?? [];
  return `<data>\n${lines.map((l) => `${indent}\t${l}`).join("\n")}\n${indent}</data>`;
}

export function webclipProfile(p: WebclipProfileInput): string {
  const id = profileIdentifier(p.brandId);
  const clip: string[] = [
    key("FullScreen"),
    bool(true),
    ...(p.icon ? [key("Icon"), dataBlock(p.icon, "\t\t\t")] : []),
    key("IsRemovable"),
    bool(true),
    key("Label"),
    str(p.displayName),
    key("PayloadDescription"),
    str(p.description),
    key("PayloadDisplayName"),
    str(p.displayName),
    key("PayloadIdentifier"),
    str(`${id}.clip`),
    key("PayloadType"),
    str("com.apple.webClip.managed"),
    key("PayloadUUID"),
    str(stableUuid(`webclip:${p.brandId}:clip`)),
    key("PayloadVersion"),
    "<integer>1</integer>",
    key("Precomposed"),
    bool(true),
    key("URL"),
    str(p.url),
  ];
  const profile: string[] = [
    key("PayloadContent"),
    `<array>\n\t\t<dict>\n${clip.map((l) => `\t\t\t${l}`).join("\n")}\n\t\t</dict>\n\t</array>`,
    key("PayloadDescription"),
    str(p.description),
    key("PayloadDisplayName"),
    str(p.displayName),
    key("PayloadIdentifier"),
    str(id),
    key("PayloadOrganization"),
    str(p.displayName),
    key("PayloadRemovalDisallowed"),
    bool(false),
    key("PayloadType"),
    str("Configuration"),
    key("PayloadUUID"),
    str(stableUuid(`webclip:${p.brandId}:profile`)),
    key("PayloadVersion"),
    "<integer>1</integer>",
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
    ...profile.map((l) => `\t${l}`),
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}

/** A file name safe in a Content-Disposition header: the brand id's letters, digits and dashes. */
export function profileFileName(brandId: string): string {
  return `${brandId.replace(/[^a-z0-9-]/gi, "") || "app"}.mobileconfig`;
}
