import { describe, expect, it } from "vitest";
import { describeDevice, iosAtLeast } from "./device";
import { UA } from "./user-agents.fixture";

describe("describeDevice", () => {
  it("reads iOS and its version from iPhone Safari", () => {
    expect(describeDevice(UA.ios11)).toEqual({
      mobile: true,
      ios: true,
      iosVersion: { major: 11, minor: 4 },
      iosSafari: true,
      android: false,
      androidChrome: false,
    });
    expect(describeDevice(UA.ios12_1).iosVersion).toEqual({ major: 12, minor: 1 });
    expect(describeDevice(UA.ios12_4).iosVersion).toEqual({ major: 12, minor: 4 });
    expect(describeDevice(UA.ios17)).toMatchObject({ ios: true, iosSafari: true, iosVersion: { major: 17, minor: 5 } });
    expect(describeDevice(UA.ipad12)).toMatchObject({ ios: true, iosSafari: true, iosVersion: { major: 12, minor: 2 } });
  });

  it("tells Safari from other browsers and in-app views on iOS", () => {
    expect(describeDevice(UA.iosChrome)).toMatchObject({
      mobile: true,
      ios: true,
      iosSafari: false,
      iosVersion: { major: 17, minor: 5 },
    });
    expect(describeDevice(UA.iosFacebook)).toMatchObject({ ios: true, iosSafari: false });
  });

  it("unmasks an iPad asking for desktop sites only by its touch points", () => {
    expect(describeDevice(UA.ipadDesktopMode)).toMatchObject({ mobile: false, ios: false });
    expect(describeDevice(UA.ipadDesktopMode, { maxTouchPoints: 5 })).toMatchObject({
      mobile: true,
      ios: true,
      iosSafari: true,
      iosVersion: { major: 17, minor: 5 },
    });
  });

  it("knows Chrome on Android from other Android browsers and web views", () => {
    expect(describeDevice(UA.androidChrome)).toEqual({
      mobile: true,
      ios: false,
      iosVersion: null,
      iosSafari: false,
      android: true,
      androidChrome: true,
    });
    expect(describeDevice(UA.androidSamsung)).toMatchObject({ android: true, androidChrome: false });
    expect(describeDevice(UA.androidWebView)).toMatchObject({ android: true, androidChrome: false });
  });

  it("calls a desktop browser, or no User-Agent at all, not mobile", () => {
    const none = { mobile: false, ios: false, iosVersion: null, iosSafari: false, android: false, androidChrome: false };
    expect(describeDevice(UA.desktopChrome)).toEqual(none);
    expect(describeDevice(null)).toEqual(none);
    expect(describeDevice("")).toEqual(none);
  });
});

describe("iosAtLeast", () => {
  it("compares major and minor", () => {
    expect(iosAtLeast(describeDevice(UA.ios12_4), 12, 4)).toBe(true);
    expect(iosAtLeast(describeDevice(UA.ios12_1), 12, 4)).toBe(false);
    expect(iosAtLeast(describeDevice(UA.ios12_1), 12, 1)).toBe(true);
    expect(iosAtLeast(describeDevice(UA.ios11), 12, 0)).toBe(false);
    expect(iosAtLeast(describeDevice(UA.ios17), 12, 4)).toBe(true);
  });

  it("is false off iOS", () => {
    expect(iosAtLeast(describeDevice(UA.androidChrome), 1)).toBe(false);
    expect(iosAtLeast(describeDevice(UA.desktopChrome), 1)).toBe(false);
  });
});
