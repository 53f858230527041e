import { afterEach, describe, expect, it, vi } from "vitest";
import { isStandalone, markWebclip, readWebclipFlag, registerMethodOf } from "./webclip";

/** A browser's window as far as the web clip's mark reads it. */
function browser({ standalone = false, displayMode = false, storage = true } = {}) {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => {
      if (!storage) throw new Error("SecurityError");
      return store.get(k) ?? null;
    },
    setItem: (k: string, v: string) => {
      if (!storage) throw new Error("QuotaExceededError");
      store.set(k, v);
    },
  };
  vi.stubGlobal("window", {
    localStorage,
    matchMedia: (q: string) => ({ matches: displayMode && q === "(display-mode: standalone)" }),
  });
  vi.stubGlobal("navigator", { standalone });
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe("the web clip's mark", () => {
  it("is kept when the address carries source=webclip, and only then", () => {
    const store = browser();
    markWebclip("?source=pwa");
    expect(readWebclipFlag()).toBe(false);
    markWebclip("?lng=tl&source=webclip");
    expect(store.get("WEBCLIP")).toBe("1");
    expect(readWebclipFlag()).toBe(true);
  });

  it("is simply absent when storage is refused", () => {
    browser({ storage: false });
    expect(() => markWebclip("?source=webclip")).not.toThrow();
    expect(readWebclipFlag()).toBe(false);
  });
});

describe("registerMethod (spec §3)", () => {
  it("is WEBCLIP with the mark, else PWA when installed, else H5", () => {
    expect(registerMethodOf({ webclip: true, standalone: true })).toBe("WEBCLIP");
    expect(registerMethodOf({ webclip: false, standalone: true })).toBe("PWA");
    expect(registerMethodOf({ webclip: false, standalone: false })).toBe("H5");
  });

  it("knows an installed app by display-mode or by iOS's navigator.standalone", () => {
    browser({ displayMode: true });
    expect(isStandalone()).toBe(true);
    browser({ standalone: true });
    expect(isStandalone()).toBe(true);
    browser();
    expect(isStandalone()).toBe(false);
  });
});
