import { iosAtLeast, type DeviceInfo } from "~/utils/device";

/** One of the brand's download-link resources (spec §3), as the brand file gives it. */
export interface DownloadLinkInput {
  resourceType: string;
  url: string;
  labelNameEn: string;
}

/** Which home-screen steps a player needs: Safari's Share menu, Chrome's menu, or both (a computer). */
export type HomeScreenPlatform = "ios" | "android" | "any";

export type DownloadEntry =
  | {
      kind: "homescreen";
      platform: HomeScreenPlatform;
      /** iOS in another browser or an in-app view: the steps start with opening the page in Safari. */
      openInSafari: boolean;
    }
  | { kind: "android"; href: string }
  | { kind: "profile"; href: string; /** The Settings › Profile Downloaded tip, from iOS 12.4 (spec §2). */ installTip: boolean }
  | { kind: "ios"; href: string };

export interface DownloadView {
  /** In the spec's order: add to home screen, Android app, iOS configuration profile, iOS app. */
  entries: DownloadEntry[];
  /** The version-specific guide hint: iOS 11 or lower, or iOS 12 below 12.2 (spec §2). */
  iosHint: "ios11" | "ios12" | null;
  /** The home-screen steps to show on the `?view=homescreen` sub-view. */
  homeScreen: HomeScreenPlatform;
  /** The brand's AppDownloadIcon resource, if it has one: the picture at the top. */
  iconUrl: string | null;
}

/** A site path (spec §2: "MOBILECONFIG url gets site origin prefixed") becomes absolute; a full URL stays. */
export function withOrigin(url: string, origin: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${origin.replace(/\/+$/, "")}${url}` : url;
}

/**
 * The download page's and popup's entries (spec §2 "Download popup"), decided from the device and
 * the brand's links. What only the browser knows, the web-clip flag in localStorage and whether
 * the page runs installed, is given as `webclip`/`standalone` on the client; the server passes
 * false and the page hides those entries once it has hydrated.
 */
export function downloadEntries({
  device,
  links,
  origin,
  webclip = false,
  standalone = false,
}: {
  device: DeviceInfo;
  links: readonly DownloadLinkInput[];
  origin: string;
  webclip?: boolean;
  standalone?: boolean;
}): DownloadView {
  const link = (type: string) => links.find((l) => l.resourceType === type)?.url;
  const android = link("Android");
  const ios = link("IOS");
  const profile = link("MOBILECONFIG");
  const icon = link("AppDownloadIcon");
  const homeScreen: HomeScreenPlatform = device.ios ? "ios" : device.android ? "android" : "any";

  const apps: DownloadEntry[] = [];
  // On a computer both apps are offered (spec: "On non-mobile, Android and iOS always shown").
  if (android && !device.ios) apps.push({ kind: "android", href: withOrigin(android, origin) });
  if (profile && device.ios && !webclip)
    apps.push({ kind: "profile", href: withOrigin(profile, origin), installTip: iosAtLeast(device, 12, 4) });
  if (ios && (device.ios || !device.mobile)) apps.push({ kind: "ios", href: withOrigin(ios, origin) });

  // The browser's own install: iOS and Android phones; on a computer only when nothing else is
  // offered, so a brand without app links still shows how to put the site on a phone.
  const wantsHomeScreen = !standalone && (device.mobile || apps.length === 0);
  const entries: DownloadEntry[] = wantsHomeScreen
    ? [{ kind: "homescreen", platform: homeScreen, openInSafari: device.ios && !device.iosSafari }, ...apps]
    : apps;

  const v = device.ios ? device.iosVersion : null;
  const iosHint = !v ? null : v.major <= 11 ? "ios11" : v.major === 12 && v.minor < 2 ? "ios12" : null;
  return { entries, iosHint, homeScreen, iconUrl: icon ? withOrigin(icon, origin) : null };
}

/** Drops what the browser shows is done: the profile once the web clip has run, the home-screen steps when installed. */
export function withoutInstalled(entries: DownloadEntry[], state: { webclip: boolean; standalone: boolean }): DownloadEntry[] {
  return entries.filter((e) => !(e.kind === "profile" && state.webclip) && !(e.kind === "homescreen" && state.standalone));
}
