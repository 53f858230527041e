/**
 * What a User-Agent says about the phone, for the download page and popup (spec §2): which ways
 * of installing the app apply. Pure, so the server decides the page from the request's header and
 * the popup decides from navigator.userAgent with the same rules.
 */
export interface DeviceInfo {
  /** A phone or tablet: iOS, Android, or a browser that calls itself mobile. */
  mobile: boolean;
  ios: boolean;
  /** iOS (iPadOS) version, when the User-Agent tells it. */
  iosVersion: { major: number; minor: number } | null;
  /** Safari itself on iOS: the browser whose Share menu has "Add to Home Screen". */
  iosSafari: boolean;
  android: boolean;
  /** Chrome itself on Android: its menu has "Install app" and it fires beforeinstallprompt. */
  androidChrome: boolean;
}

// Other browsers and in-app web views on iOS wear Safari's tokens too; these names give them away.
const IOS_NOT_SAFARI =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\/|MicroMessenger|Snapchat/;
// Android browsers built on Chromium that are not Chrome, and web views (`; wv)`).
const ANDROID_NOT_CHROME =
  /; wv\)|SamsungBrowser|EdgA|OPR\/|Opera|YaBrowser|UCBrowser|MiuiBrowser|HuaweiBrowser|Vivaldi|FB_IAB|FBAV|Instagram|Line\//;

/**
 * `maxTouchPoints` (navigator.maxTouchPoints, browser only) unmasks an iPad on iPadOS 13 or
 * newer, which asks for desktop sites with a Mac's User-Agent.
 */
export function describeDevice(userAgent: string | null | undefined, opts: { maxTouchPoints?: number } = {}): DeviceInfo {
  const ua = userAgent ?? "";
  const iosDevice = /\b(iPhone|iPad|iPod)\b/.test(ua);
  const ipadAsMac = !iosDevice && /\bMacintosh\b/.test(ua) && (opts.maxTouchPoints ?? 0) > 1;
  const ios = iosDevice || ipadAsMac;
  const android = !ios && /\bAndroid\b/.test(ua);
  let iosVersion: DeviceInfo["iosVersion"] = null;
  if (iosDevice) {
    const m = /\bOS (\d+)[_.](\d+)/.exec(ua);
    if (m) iosVersion = { major: Number(m[1]), minor: Number(m[2]) };
  } else if (ipadAsMac) {
    // The Mac User-Agent carries a frozen macOS version; Safari's own version follows iPadOS.
    const m = /\bVersion\/(\d+)\.(\d+)/.exec(ua);
    if (m) iosVersion = { major: Number(m[1]), minor: Number(m[2]) };
  }
  const iosSafari = ios && /\bVersion\/\d/.test(ua) && /\bSafari\//.test(ua) && !IOS_NOT_SAFARI.test(ua);
  const androidChrome = android && /\bChrome\/\d/.test(ua) && !ANDROID_NOT_CHROME.test(ua);
  return { mobile: ios || android || /Mobi/i.test(ua), ios, iosVersion, iosSafari, android, androidChrome };
}

/** Whether the device runs iOS `major.minor` or newer (false when it is not iOS or the version is unknown). */
export function iosAtLeast(device: DeviceInfo, major: number, minor = 0): boolean {
  const v = device.iosVersion;
  if (!device.ios || !v) return false;
  return v.major > major || (v.major === major && v.minor >= minor);
}
