import { describe, expect, it } from "vitest";
import { describeDevice } from "~/utils/device";
import { UA } from "~/utils/user-agents.fixture";
import { downloadEntries, withOrigin, withoutInstalled, type DownloadLinkInput } from "./entries";

const ORIGIN = "https://luckypeso.ph";
const ALL: DownloadLinkInput[] = [
  { resourceType: "TELEGRAM", url: "https://t.me/luckypeso_ph", labelNameEn: "Telegram" },
  { resourceType: "Android", url: "https://luckypeso.ph/download/luckypeso.apk", labelNameEn: "Android app" },
  { resourceType: "IOS", url: "https://apps.apple.com/app/id1", labelNameEn: "iOS app" },
  { resourceType: "MOBILECONFIG", url: "/m/download/webclip.mobileconfig", labelNameEn: "iOS profile" },
];
const view = (ua: string, links = ALL, extra: { webclip?: boolean; standalone?: boolean } = {}) =>
  downloadEntries({ device: describeDevice(ua), links, origin: ORIGIN, ...extra });
const kinds = (v: ReturnType<typeof view>) => v.entries.map((e) => e.kind);

describe("the download entries", () => {
  it("offer an iPhone in Safari the home screen, the profile with the site's origin and the iOS app", () => {
    const v = view(UA.ios17);
    expect(kinds(v)).toEqual(["homescreen", "profile", "ios"]);
    expect(v.entries[0]).toEqual({ kind: "homescreen", platform: "ios", openInSafari: false });
    expect(v.entries[1]).toEqual({
      kind: "profile",
      href: "https://luckypeso.ph/m/download/webclip.mobileconfig",
      installTip: true,
    });
    expect(v.entries[2]).toEqual({ kind: "ios", href: "https://apps.apple.com/app/id1" });
    expect(v.iosHint).toBeNull();
    expect(v.homeScreen).toBe("ios");
  });

  it("send an iPhone in another browser to Safari first", () => {
    expect(view(UA.iosChrome).entries[0]).toEqual({ kind: "homescreen", platform: "ios", openInSafari: true });
  });

  it("give old iOS its hint and the profile's install tip only from 12.4", () => {
    expect(view(UA.ios11).iosHint).toBe("ios11");
    expect(view(UA.ios12_1).iosHint).toBe("ios12");
    expect(view(UA.ipad12).iosHint).toBeNull();
    expect(view(UA.ios12_4).iosHint).toBeNull();
    const tip = (ua: string) => view(ua).entries.find((e) => e.kind === "profile");
    expect(tip(UA.ios11)).toMatchObject({ installTip: false });
    expect(tip(UA.ios12_1)).toMatchObject({ installTip: false });
    expect(tip(UA.ipad12)).toMatchObject({ installTip: false });
    expect(tip(UA.ios12_4)).toMatchObject({ installTip: true });
  });

  it("offer Android the home screen and the Android app, never the iOS ones", () => {
    const v = view(UA.androidChrome);
    expect(kinds(v)).toEqual(["homescreen", "android"]);
    expect(v.entries[0]).toEqual({ kind: "homescreen", platform: "android", openInSafari: false });
    expect(v.iosHint).toBeNull();
  });

  it("offer a computer both apps, and the home-screen steps only when there is no app", () => {
    expect(kinds(view(UA.desktopChrome))).toEqual(["android", "ios"]);
    const bare = view(UA.desktopChrome, []);
    expect(bare.entries).toEqual([{ kind: "homescreen", platform: "any", openInSafari: false }]);
    expect(bare.homeScreen).toBe("any");
  });

  it("leave out the profile once the web clip has run, and the home screen when installed", () => {
    expect(kinds(view(UA.ios17, ALL, { webclip: true }))).toEqual(["homescreen", "ios"]);
    expect(kinds(view(UA.ios17, ALL, { standalone: true }))).toEqual(["profile", "ios"]);
    const server = view(UA.ios17).entries;
    expect(withoutInstalled(server, { webclip: true, standalone: false }).map((e) => e.kind)).toEqual(["homescreen", "ios"]);
    expect(withoutInstalled(server, { webclip: true, standalone: true }).map((e) => e.kind)).toEqual(["ios"]);
  });

  it("offer no profile without a MOBILECONFIG link, and only the home screen without any link", () => {
    expect(
      kinds(
        view(
          UA.ios17,
          ALL.filter((l) => l.resourceType !== "MOBILECONFIG"),
        ),
      ),
    ).toEqual(["homescreen", "ios"]);
    expect(kinds(view(UA.ios17, []))).toEqual(["homescreen"]);
    expect(kinds(view(UA.androidChrome, []))).toEqual(["homescreen"]);
  });

  it("take the AppDownloadIcon resource as the picture", () => {
    expect(view(UA.ios17).iconUrl).toBeNull();
    expect(view(UA.ios17, [...ALL, { resourceType: "AppDownloadIcon", url: "/art/app.png", labelNameEn: "Icon" }]).iconUrl).toBe(
      "https://luckypeso.ph/art/app.png",
    );
  });
});

describe("withOrigin", () => {
  it("prefixes a site path and leaves full and protocol-relative URLs alone", () => {
    expect(withOrigin("/m/download/webclip.mobileconfig", "http://perlas.localhost:3100")).toBe(
      "http://perlas.localhost:3100/m/download/webclip.mobileconfig",
    );
    expect(withOrigin("/x", "https://a.ph/")).toBe("https://a.ph/x");
    expect(withOrigin("https://cdn.example/app.apk", ORIGIN)).toBe("https://cdn.example/app.apk");
    expect(withOrigin("//evil.example/x", ORIGIN)).toBe("//evil.example/x");
  });
});
