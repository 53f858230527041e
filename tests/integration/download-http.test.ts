import { describe, expect, it } from "vitest";
import { UA } from "../../app/utils/user-agents.fixture";
import { servedApp } from "../setup/test-server";
import { request } from "../setup/http";
import { TEST_ENGINE } from "../setup/test-db";

// Behind a TLS-terminating proxy of our own: the scheme and host come from X-Forwarded-*.
const app = servedApp({ env: { TRUST_PROXY: "1" } });

const page = (host: string, ua: string | null, path = "/m/download") =>
  request(app.port, path, { host, headers: ua ? { "user-agent": ua } : {} });
/** The entries of the download list, in order. */
const entries = (html: string) => [...html.matchAll(/<li data-entry="(\w+)"/g)].map((m) => m[1]);
const hrefOf = (html: string, entry: string) => new RegExp(`<li data-entry="${entry}"><a href="([^"]+)"`).exec(html)?.[1];

describe(`the download page over HTTP on ${TEST_ENGINE}`, () => {
  it("offers an iPhone in Safari the home screen, the profile at the site's origin and the iOS app (Lucky Peso)", async () => {
    const r = await page("luckypeso.localhost", UA.ios17);
    expect(r.status).toBe(200);
    expect(r.headers.vary).toMatch(/User-Agent/i);
    expect(r.body).toMatch(/<title>Download app \| Lucky Peso<\/title>/);
    expect(r.body).toMatch(/<h1 id="download-title"[^>]*>Get the Lucky Peso app<\/h1>/);
    expect(entries(r.body)).toEqual(["homescreen", "profile", "ios"]);
    expect(hrefOf(r.body, "profile")).toBe("http://luckypeso.localhost/m/download/webclip.mobileconfig");
    expect(hrefOf(r.body, "ios")).toBe("https://luckypeso.ph/download/ios");
    expect(r.body).toContain('data-testid="profile-tip"');
    expect(r.body).not.toContain('data-testid="ios-hint"');
  });

  it("prefixes the origin the player used, https behind the proxy", async () => {
    const r = await request(app.port, "/m/download", {
      host: "127.0.0.1",
      headers: { "x-forwarded-host": "luckypeso.ph", "x-forwarded-proto": "https", "user-agent": UA.ios17 },
    });
    expect(r.status).toBe(200);
    expect(hrefOf(r.body, "profile")).toBe("https://luckypeso.ph/m/download/webclip.mobileconfig");
  });

  it("gives old iOS its hint, and the profile's install tip only from iOS 12.4", async () => {
    const ios11 = await page("luckypeso.localhost", UA.ios11);
    expect(ios11.body).toMatch(/data-testid="ios-hint" data-hint="ios11"/);
    expect(ios11.body).not.toContain('data-testid="profile-tip"');
    const ios12 = await page("perlas.localhost", UA.ios12_1);
    expect(ios12.body).toMatch(/data-testid="ios-hint" data-hint="ios12"/);
    expect(entries(ios12.body)).toEqual(["homescreen", "profile"]);
    const ios124 = await page("perlas.localhost", UA.ios12_4);
    expect(ios124.body).not.toContain('data-testid="ios-hint"');
    expect(ios124.body).toContain('data-testid="profile-tip"');
  });

  it("offers Android the home screen and the Android app, and no iOS entry", async () => {
    const lucky = await page("luckypeso.localhost", UA.androidChrome);
    expect(entries(lucky.body)).toEqual(["homescreen", "android"]);
    expect(hrefOf(lucky.body, "android")).toBe("https://luckypeso.ph/download/luckypeso.apk");
    // Perlas Play has no app of its own: the browser's install is the way.
    const perlas = await page("perlas.localhost", UA.androidChrome);
    expect(entries(perlas.body)).toEqual(["homescreen"]);
    expect(perlas.body).toMatch(/<h1 id="download-title"[^>]*>Get the Perlas Play app<\/h1>/);
  });

  it("offers a computer both apps, and a brand without apps the home-screen steps instead of nothing", async () => {
    const lucky = await page("luckypeso.localhost", UA.desktopChrome);
    expect(entries(lucky.body)).toEqual(["android", "ios"]);
    for (const ua of [UA.desktopChrome, null]) {
      const perlas = await page("perlas.localhost", ua);
      expect(entries(perlas.body)).toEqual(["homescreen"]);
      expect(perlas.body).toContain('href="/m/download?view=homescreen"');
    }
  });

  it("shows the home-screen steps at ?view=homescreen, for the phone asking", async () => {
    const ios = await page("luckypeso.localhost", UA.ios17, "/m/download?view=homescreen");
    expect(ios.status).toBe(200);
    expect(ios.body).toContain('data-testid="download-steps"');
    expect(ios.body).toMatch(/<h1[^>]*>Add Lucky Peso to your home screen<\/h1>/);
    expect(ios.body).toContain('data-testid="homescreen-steps-ios"');
    expect(ios.body).not.toContain('data-testid="homescreen-steps-android"');
    expect(ios.body).not.toContain('data-testid="download-entries"');
    expect(ios.body).toContain("Add to Home Screen");
    const chrome = await page("luckypeso.localhost", UA.iosChrome, "/m/download?view=homescreen");
    expect(chrome.body).toContain("Open this page in Safari");
    const android = await page("perlas.localhost", UA.androidChrome, "/m/download?view=homescreen");
    expect(android.body).toContain('data-testid="homescreen-steps-android"');
    expect(android.body).not.toContain('data-testid="homescreen-steps-ios"');
    const desktop = await page("perlas.localhost", UA.desktopChrome, "/m/download?view=homescreen");
    expect(desktop.body).toContain('data-testid="homescreen-steps-ios"');
    expect(desktop.body).toContain('data-testid="homescreen-steps-android"');
  });

  it("speaks the player's language", async () => {
    // The language the player chose (/m/language), as its cookie carries it.
    const cookie = `lng=${Buffer.from(JSON.stringify("tl")).toString("base64")}`;
    const r = await request(app.port, "/m/download", { host: "perlas.localhost", headers: { "user-agent": UA.ios17, cookie } });
    expect(r.body).toContain("Kunin ang Perlas Play app");
    expect(r.body).toContain("Idagdag sa home screen");
    const profile = await request(app.port, "/m/download/webclip.mobileconfig", {
      host: "perlas.localhost",
      headers: { cookie },
    });
    expect(profile.body).toContain("<string>Idinadagdag ang Perlas Play sa home screen mo.");
  });
});

describe(`the web clip profile over HTTP on ${TEST_ENGINE}`, () => {
  it.each([
    ["luckypeso.localhost", "lucky-peso", "Lucky Peso"],
    ["perlas.localhost", "perlas-play", "Perlas Play"],
  ])("is %s's own: an Apple configuration profile to download, opening its site", async (host, id, name) => {
    const r = await request(app.port, "/m/download/webclip.mobileconfig", { host });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/x-apple-aspen-config");
    expect(r.headers["content-disposition"]).toBe(`attachment; filename="${id}.mobileconfig"`);
    expect(r.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<!DOCTYPE plist PUBLIC/);
    expect(r.body).toContain("<string>com.apple.webClip.managed</string>");
    expect(r.body).toContain("<string>Configuration</string>");
    expect(r.body).toContain(`<key>Label</key>\n\t\t\t<string>${name}</string>`);
    expect(r.body).toContain(`<key>URL</key>\n\t\t\t<string>http://${host}/m/home?source=webclip</string>`);
    expect(r.body).toContain(`<string>ph.casino.${id}.webclip-profile</string>`);
    // The brand's apple-touch-icon, as PNG data (base64 of the PNG signature).
    expect(r.body).toMatch(/<key>Icon<\/key>\n\t\t\t<data>\n\t\t\t\tiVBORw0KGgo/);
    const again = await request(app.port, "/m/download/webclip.mobileconfig", { host });
    expect(again.body).toBe(r.body);
  });

  it("opens the site on the host and scheme the player used behind the proxy", async () => {
    const r = await request(app.port, "/m/download/webclip.mobileconfig", {
      host: "127.0.0.1",
      headers: { "x-forwarded-host": "perlasplay.ph", "x-forwarded-proto": "https" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toContain("<string>https://perlasplay.ph/m/home?source=webclip</string>");
  });

  it("is not there for a host no brand serves", async () => {
    const r = await request(app.port, "/m/download/webclip.mobileconfig", { host: "nobody.example" });
    expect(r.status).toBe(404);
  });
});
